import "@/features/menu/components/menu.css";
import {
  EditorPartsContext,
  type EditorParts,
  type PreviewCardProps,
} from "@/features/admin/menu/editor-parts";
import { MenuEditorPage } from "@/features/admin/menu/menu-page";
import { ItemCard } from "@/features/menu/components/item-card";
import { uploadPhoto } from "@/features/orders/api/support";

/** The storefront's own card, as the editor's preview (not clickable: nothing to add to). */
function PreviewCard(props: PreviewCardProps) {
  return (
    <ItemCard
      {...props}
      id={0}
      disable={false}
      isSmall={false}
      inBasket={0}
      onAdd={() => undefined}
      onRemove={() => undefined}
    />
  );
}

const parts: EditorParts = { PreviewCard, upload: (file, scheme) => uploadPhoto(file, scheme, "menu") };

/** /{scheme}/admin/menu (a lazy chunk): the menu editor with the storefront's card and the upload. */
export function MenuEditorRoute() {
  return (
    <EditorPartsContext value={parts}>
      <MenuEditorPage />
    </EditorPartsContext>
  );
}
