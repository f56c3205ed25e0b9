import { useTranslation } from "@/i18n";
import { Dialog } from "@/components/ui/dialog";
import type { DeliveryAddress } from "@/stores/delivery-address";
import { useVenueStore } from "@/stores/venue";
import { AddressPicker } from "./address-picker";

interface OrderAddressDialogProps {
  open: boolean;
  /** A persistent dialog cannot be dismissed and leaves its call-to-action area empty. */
  persistent?: boolean;
  onClose: () => void;
  onSubmit?: (address: DeliveryAddress) => void;
}

/**
 * The order-address dialog (docs/product.md §2): the picker in default-selection mode;
 * the choice is copied into the current order detail, then submit, then close.
 */
export function OrderAddressDialog({ open, persistent = false, onClose, onSubmit }: OrderAddressDialogProps) {
  const { t } = useTranslation();
  const storeCount = useVenueStore((s) => s.currentScheme?.stores.length ?? 0);
  const updateBasket = useVenueStore((s) => s.updateBasket);

  function submit(address: DeliveryAddress) {
    updateBasket((basket) => ({
      ...basket,
      orderDetail: { ...basket.orderDetail, delivery_address: address },
    }));
    onSubmit?.(address);
    onClose();
  }

  return (
    <Dialog
      open={open}
      onHide={onClose}
      persistent={persistent}
      title={t("address.orderAddressTitle")}
      className="order-address-dialog"
      // docs/product.md §2: when persistent, the call-to-action area is left empty.
      footer={
        persistent ? undefined : (
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
        )
      }
    >
      <AddressPicker defaultSelection storeCount={storeCount} onSubmit={submit} />
    </Dialog>
  );
}
