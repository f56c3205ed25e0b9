import { useId, useState, type FormEvent, type RefObject } from "react";
import { useTranslation } from "@/i18n";
import { FilePicker } from "@/components/ui/form/file-picker";
import { useErrorMessage } from "@/hooks/use-error-message";
import { MAX_PHOTOS, useInsertSupportRequest, type SupportKind } from "../api/support";
import { usePhotoUploads } from "../hooks/use-photo-uploads";

const DESCRIPTION_MAX = 2000;

/** Step 2 of the support flow: the description and up to MAX_PHOTOS photos. */
export function DescribeIssue({
  heading,
  kind,
  orderId,
  scheme,
  onBack,
  onSent,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  kind: SupportKind;
  orderId: number;
  scheme: string;
  onBack: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const id = useId();
  const [description, setDescription] = useState("");
  const [descriptionError, setDescriptionError] = useState(false);
  const photos = usePhotoUploads(scheme);
  const send = useInsertSupportRequest(orderId, scheme, onSent);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setDescriptionError(true);
      return;
    }
    send.mutate({ kind, description: description.trim(), photoIds: photos.ids() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <h3 className="support-flow__title" tabIndex={-1} ref={heading}>
        {t("support.describeTitle")}
      </h3>
      <p className="muted small">{t(`support.${kind}`)}</p>
      <label className="form-field__label" htmlFor={`${id}-text`}>
        {t("support.description")}
      </label>
      <textarea
        id={`${id}-text`}
        className="form-field__input support-flow__text"
        rows={5}
        maxLength={DESCRIPTION_MAX}
        value={description}
        aria-invalid={descriptionError || undefined}
        aria-describedby={descriptionError ? `${id}-text-error` : undefined}
        onChange={(event) => {
          setDescription(event.target.value);
          setDescriptionError(false);
        }}
      />
      {descriptionError ? (
        <p className="form-field__error" id={`${id}-text-error`} role="alert">
          {t("support.descriptionRequired")}
        </p>
      ) : null}
      <label className="form-field__label" htmlFor={`${id}-photos`}>
        {t("support.photos")}
      </label>
      <p className="muted small" id={`${id}-photos-hint`}>
        {t("support.photoHint", { count: MAX_PHOTOS })}
      </p>
      <FilePicker
        inputId={`${id}-photos`}
        label={t("support.addPhotos")}
        accept="image/jpeg,.jpg,.jpeg"
        multiple
        describedBy={`${id}-photos-hint${photos.error ? ` ${id}-photos-error` : ""}`}
        chosen={
          photos.photos.length > 0
            ? t("support.photosAdded", { count: photos.photos.length })
            : t("support.noPhotos")
        }
        onFiles={(files) => photos.add(files)}
      />
      {photos.error ? (
        <p className="form-field__error" id={`${id}-photos-error`} role="alert" data-testid="photo-error">
          {photos.error}
        </p>
      ) : null}
      {photos.photos.length > 0 ? (
        <ul className="support-flow__photos">
          {photos.photos.map((photo, index) => (
            <li
              key={photo.key}
              className="support-flow__photo"
              data-uploaded={photo.uploaded ? "true" : "false"}
            >
              <img src={photo.preview} alt={t("support.photoAlt", { n: index + 1 })} />
              <button
                type="button"
                className="button button--ghost support-flow__remove"
                onClick={() => photos.remove(photo.key)}
              >
                {t("support.removePhoto", { n: index + 1 })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {send.isError ? (
        <p className="alert alert--error" role="alert">
          {errorMessage(send.error)}
        </p>
      ) : null}
      <div className="support-flow__actions">
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t("support.back")}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={send.isPending || photos.uploading}
        >
          {send.isPending ? t("support.sending") : t("support.send")}
        </button>
      </div>
    </form>
  );
}
