import { useState } from "react";
import { CurrencyInput } from "@/components/ui/currency-input";
import { Dialog } from "@/components/ui/dialog";
import { FormDialogActions } from "@/components/ui/form-dialog-actions";
import { useTranslation } from "@/i18n";
import { Field } from "./field";
import { newRef, type CategoryDoc, type ItemDoc } from "./menu-ops";

/**
 * A new item is made here, not on the menu: nothing is saved (and no customer sees
 * it) until it has a name and a price above zero. Then it is added last in its
 * category and opened in the item's form for the rest.
 */
export function NewItemDialog(props: {
  category: CategoryDoc | null;
  currency: string;
  onCancel: () => void;
  onCreate: (categoryRef: string, item: ItemDoc) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  const [price, setPrice] = useState(0);
  const [tried, setTried] = useState(false);
  const [was, setWas] = useState(props.category);
  if (was !== props.category) {
    setWas(props.category);
    setTitle("");
    setPrice(0);
    setTried(false);
  }
  const titleError = tried && !title.trim() ? t("menuEditor.titleRequired") : undefined;
  const priceError = tried && price <= 0 ? t("menuEditor.priceRequired") : undefined;
  const submit = () => {
    setTried(true);
    const name = title.trim();
    if (!props.category || !name || price <= 0) return;
    props.onCreate(props.category.ref, {
      ref: newRef(name),
      title: name,
      price,
      description: "",
      modifier_categories: [],
    });
  };
  return (
    <Dialog
      open={props.category !== null}
      onHide={props.onCancel}
      title={t("menuEditor.newItemTitle", { category: props.category?.name ?? "" })}
      className="new-item-dialog"
      footer={
        <FormDialogActions
          form="new-item-form"
          onCancel={props.onCancel}
          submitLabel={t("menuEditor.addItem")}
        />
      }
    >
      <form
        id="new-item-form"
        className="item-editor__form"
        aria-label={t("menuEditor.newItemForm")}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="muted">{t("menuEditor.newItemHint")}</p>
        <Field id="new-item-title" label={t("menuEditor.title")} error={titleError}>
          <input
            id="new-item-title"
            value={title}
            maxLength={120}
            aria-invalid={titleError ? true : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field id="new-item-price" label={t("menuEditor.price")} error={priceError}>
          <CurrencyInput
            id="new-item-price"
            currency={props.currency}
            value={price}
            aria-invalid={priceError ? true : undefined}
            onChange={setPrice}
          />
        </Field>
      </form>
    </Dialog>
  );
}
