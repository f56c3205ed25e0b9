import { useState } from "react";
import { CurrencyInput } from "@/components/ui/currency-input";
import { FilePicker } from "@/components/ui/form/file-picker";
import { useTranslation } from "@/i18n";
import { useErrorMessage } from "@/hooks/use-error-message";
import type { MenuWrites } from "./api";
import { DaypartsField } from "./dayparts-field";
import { Field } from "./field";
import { useEditorParts } from "./editor-parts";
import type { CategoryDoc, ItemDoc, MenuDoc } from "./menu-ops";
import { SnoozeControl } from "./snooze-control";

type OrderTypesChoice = "both" | "delivery" | "pickup";

function orderTypesChoice(types: number[] | undefined): OrderTypesChoice {
  if (!types || types.length !== 1) return "both";
  return types[0] === 0 ? "delivery" : "pickup";
}

const ORDER_TYPES: Record<OrderTypesChoice, (0 | 1)[]> = { both: [], delivery: [0], pickup: [1] };

/**
 * One item's form, each change saved as it is made: text fields when they are left,
 * the rest at once. Beside it the storefront's own card shows what customers will
 * see, and the snooze switches it off at one venue until a time or the end of day.
 */
export function ItemEditor(props: {
  scheme: string;
  menu: MenuDoc;
  category: CategoryDoc;
  item: ItemDoc;
  itemId: number | undefined;
  currency: string;
  writes: MenuWrites;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { PreviewCard, upload } = useEditorParts();
  const { item, category, writes } = props;
  const [draft, setDraft] = useState<ItemDoc>(item);
  const [titleError, setTitleError] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  /** The name of the file chosen last, shown beside the button. */
  const [picked, setPicked] = useState("");

  /** Saves the draft with patch (and the category, when it moves). */
  const commit = (patch: Partial<ItemDoc>, categoryRef = category.ref) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (!next.title.trim()) {
      setTitleError(true);
      return;
    }
    setTitleError(false);
    if (JSON.stringify(next) !== JSON.stringify(item) || categoryRef !== category.ref) {
      writes.upsertItem(categoryRef, { ...next, title: next.title.trim() });
    }
  };
  const onPicture = async (file: File | undefined) => {
    if (!file) return;
    setPicked(file.name);
    setUploading(true);
    setUploadError(null);
    try {
      const photo = await upload(file, props.scheme);
      commit({ image_id: photo.id, image_url: photo.url });
    } catch (error) {
      setPicked("");
      setUploadError(error);
    } finally {
      setUploading(false);
    }
  };
  const id = (name: string) => `item-${item.ref}-${name}`;

  return (
    <div className="item-editor">
      <form
        className="item-editor__form"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t("menuEditor.itemForm")}
      >
        <Field
          id={id("title")}
          label={t("menuEditor.title")}
          error={titleError ? t("menuEditor.titleRequired") : undefined}
        >
          <input
            id={id("title")}
            value={draft.title}
            maxLength={120}
            aria-invalid={titleError || undefined}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            onBlur={() => commit({})}
          />
        </Field>
        <Field id={id("description")} label={t("menuEditor.description")}>
          <textarea
            id={id("description")}
            rows={3}
            maxLength={2000}
            value={draft.description ?? ""}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            onBlur={() => commit({})}
          />
        </Field>
        <div className="item-editor__row">
          <Field id={id("price")} label={t("menuEditor.price")}>
            <CurrencyInput
              id={id("price")}
              currency={props.currency}
              value={draft.price}
              onChange={(minor) => setDraft((d) => ({ ...d, price: minor }))}
              onBlur={() => commit({})}
            />
          </Field>
          <Field id={id("category")} label={t("menuEditor.category")}>
            <select id={id("category")} value={category.ref} onChange={(e) => commit({}, e.target.value)}>
              {props.menu.categories.map((c) => (
                <option key={c.ref} value={c.ref}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.is_new ?? false}
            onChange={(e) => commit({ is_new: e.target.checked })}
          />
          {t("menuEditor.isNew")}
        </label>
        <fieldset className="item-editor__fieldset">
          <legend>{t("menuEditor.orderTypes")}</legend>
          {(["both", "delivery", "pickup"] as const).map((choice) => (
            <label key={choice} className="checkbox">
              <input
                type="radio"
                name={id("order-types")}
                checked={orderTypesChoice(draft.order_types) === choice}
                onChange={() => commit({ order_types: ORDER_TYPES[choice] })}
              />
              {t(`menuEditor.orderTypes_${choice}`)}
            </label>
          ))}
        </fieldset>
        <DaypartsField
          idPrefix={id("dayparts")}
          value={draft.dayparts ?? []}
          onChange={(dayparts) => commit({ dayparts })}
        />
        {props.menu.modifier_categories.length > 0 ? (
          <fieldset className="item-editor__fieldset">
            <legend>{t("menuEditor.itemGroups")}</legend>
            {props.menu.modifier_categories.map((g) => {
              const refs = draft.modifier_categories ?? [];
              return (
                <label key={g.ref} className="checkbox">
                  <input
                    type="checkbox"
                    checked={refs.includes(g.ref)}
                    onChange={(e) =>
                      commit({
                        modifier_categories: e.target.checked
                          ? [...refs, g.ref]
                          : refs.filter((r) => r !== g.ref),
                      })
                    }
                  />
                  {g.name}
                </label>
              );
            })}
          </fieldset>
        ) : null}
        <fieldset className="item-editor__fieldset item-editor__fieldset--picture">
          <legend>{t("menuEditor.picture")}</legend>
          <div className="item-editor__picture">
            {draft.image_url ? (
              <img className="item-editor__thumb" src={draft.image_url} alt="" width={56} height={56} />
            ) : null}
            <FilePicker
              label={draft.image_url ? t("menuEditor.pictureReplace") : t("menuEditor.pictureChoose")}
              inputLabel={t("menuEditor.pictureUpload")}
              accept="image/jpeg,image/png,image/webp"
              disabled={uploading}
              describedBy={id("picture-hint")}
              chosen={
                uploading && picked
                  ? t("menuEditor.pictureUploadingName", { name: picked })
                  : picked && draft.image_url
                    ? t("menuEditor.pictureUploaded", { name: picked })
                    : draft.image_url
                      ? t("menuEditor.pictureCurrent")
                      : t("menuEditor.pictureNone")
              }
              onFiles={(files) => onPicture(files[0])}
            />
          </div>
          <p id={id("picture-hint")} className="muted small">
            {t("menuEditor.pictureHint")}
          </p>
          {draft.image_url ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setPicked("");
                commit({ image_url: "", image_id: 0 });
              }}
            >
              {t("menuEditor.pictureRemove")}
            </button>
          ) : null}
          {uploadError ? (
            <p role="alert" className="alert alert--error">
              {errorMessage(uploadError)}
            </p>
          ) : null}
        </fieldset>
        <button type="button" className="button button--ghost" onClick={props.onRemove}>
          {t("menuEditor.hideItem")}
        </button>
      </form>
      <aside className="item-editor__aside">
        <h3 className="item-editor__heading">{t("menuEditor.preview")}</h3>
        <ul className="menu-grid menu-grid--default item-editor__preview">
          <PreviewCard
            title={draft.title}
            description={draft.description ?? ""}
            imageUrl={draft.image_url ?? ""}
            price={draft.price}
            currency={props.currency}
            isNew={draft.is_new ?? false}
            hasModifier={(draft.modifier_categories ?? []).length > 0}
            selectMin={draft.select_min ?? 0}
            selectMax={draft.select_max ?? 0}
          />
        </ul>
        {props.itemId ? <SnoozeControl scheme={props.scheme} itemId={props.itemId} /> : null}
      </aside>
    </div>
  );
}
