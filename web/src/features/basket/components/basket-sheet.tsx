import { useTranslation } from "@/i18n";
import { Dialog } from "@/components/ui/dialog";
import type { BasketModel } from "../hooks/use-priced-basket";
import { BasketContents } from "./basket-contents";

/** The basket as a bottom sheet on phones (loaded when first opened). */
export default function BasketSheet({ model, onClose }: { model: BasketModel; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onHide={onClose} title={t("basket.title")} position="bottom" className="basket-sheet">
      <BasketContents model={model} />
    </Dialog>
  );
}
