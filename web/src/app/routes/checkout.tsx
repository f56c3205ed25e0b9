/**
 * The checkout route: the checkout feature with the address feature's
 * order-address dialog (features do not import each other, so they meet here).
 * The dialog and its map load only when the customer opens it.
 */
import { lazy, Suspense } from "react";
import { CheckoutPage, type AddressDialogProps } from "@/features/checkout/components/checkout-page";

const OrderAddressDialog = lazy(async () => ({
  default: (await import("@/features/address/components/order-address-dialog")).OrderAddressDialog,
}));

function AddressDialog({ open, onClose }: AddressDialogProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <OrderAddressDialog open={open} onClose={onClose} />
    </Suspense>
  );
}

export function CheckoutRoute() {
  return <CheckoutPage renderAddressDialog={(props) => <AddressDialog {...props} />} />;
}
