import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "@/i18n";
import { useErrorMessage } from "@/hooks/use-error-message";
import {
  acceptablePhoto,
  insertSupportRequest,
  MAX_PHOTOS,
  SUPPORT_KINDS,
  uploadPhoto,
  type SupportKind,
  type UploadedPhoto,
} from "../api/support";
import "@/components/ui/form/form.css";

const DESCRIPTION_MAX = 2000;

interface Photo {
  key: string;
  preview: string;
  name: string;
  uploaded?: UploadedPhoto;
}

/**
 * The three steps of SPEC.md §2: choose the issue → describe it and add photos
 * → confirmation. Photos are uploaded as they are chosen (the server checks
 * them by content) and sent by id with the request.
 */
export default function SupportFlow({
  orderId,
  scheme,
  onClose,
}: {
  orderId: number;
  scheme: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [kind, setKind] = useState<SupportKind | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step moves focus to its heading so keyboard and screen reader users follow.
  useEffect(() => heading.current?.focus(), [step]);

  return (
    <div className="support-flow" data-testid="support-flow">
      <p className="muted small">{t("support.step", { step, total: 3 })}</p>
      {step === 1 ? (
        <ChooseIssue
          heading={heading}
          kind={kind}
          onCancel={onClose}
          onNext={(chosen) => {
            setKind(chosen);
            setStep(2);
          }}
        />
      ) : step === 2 && kind ? (
        <Describe
          heading={heading}
          kind={kind}
          orderId={orderId}
          scheme={scheme}
          onBack={() => setStep(1)}
          onSent={() => setStep(3)}
        />
      ) : (
        <div>
          <h3 className="support-flow__title" tabIndex={-1} ref={heading}>
            {t("support.sentTitle")}
          </h3>
          <p role="status">{t("support.sentMessage")}</p>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("support.done")}
          </button>
        </div>
      )}
    </div>
  );
}

function ChooseIssue({
  heading,
  kind,
  onNext,
  onCancel,
}: {
  heading: React.RefObject<HTMLHeadingElement | null>;
  kind: SupportKind | null;
  onNext: (kind: SupportKind) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<SupportKind | null>(kind);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    onNext(chosen);
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="support-flow__kinds" aria-describedby={missing ? `${id}-error` : undefined}>
        <legend>
          <h3 className="support-flow__title" tabIndex={-1} ref={heading}>
            {t("support.chooseTitle")}
          </h3>
        </legend>
        {SUPPORT_KINDS.map((value) => (
          <label key={value} className="support-flow__kind">
            <input
              type="radio"
              name="kind"
              value={value}
              checked={chosen === value}
              onChange={() => {
                setChosen(value);
                setMissing(false);
              }}
            />
            <span>{t(`support.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {missing ? (
        <p className="form-field__error" id={`${id}-error`} role="alert">
          {t("support.chooseRequired")}
        </p>
      ) : null}
      <div className="support-flow__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t("support.cancel")}
        </button>
        <button type="submit" className="button button--primary">
          {t("support.next")}
        </button>
      </div>
    </form>
  );
}

function Describe({
  heading,
  kind,
  orderId,
  scheme,
  onBack,
  onSent,
}: {
  heading: React.RefObject<HTMLHeadingElement | null>;
  kind: SupportKind;
  orderId: number;
  scheme: string;
  onBack: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const id = useId();
  const [description, setDescription] = useState("");
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [descriptionError, setDescriptionError] = useState(false);
  const [uploading, setUploading] = useState(0);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const addFiles = async (files: FileList | null) => {
    setFileError(null);
    for (const file of Array.from(files ?? [])) {
      if (photos.length >= MAX_PHOTOS) {
        setFileError(t("support.tooManyPhotos", { count: MAX_PHOTOS }));
        break;
      }
      if (!acceptablePhoto(file)) {
        setFileError(t("errors.upload"));
        continue;
      }
      const key = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      setPhotos((list) => [...list, { key, preview, name: file.name }]);
      setUploading((n) => n + 1);
      try {
        const uploaded = await uploadPhoto(file, scheme);
        setPhotos((list) => list.map((p) => (p.key === key ? { ...p, uploaded } : p)));
      } catch (error) {
        setPhotos((list) => list.filter((p) => p.key !== key));
        setFileError(errorMessage(error));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const send = useMutation({
    mutationFn: () =>
      insertSupportRequest({
        orderId,
        businessSlug: scheme,
        kind,
        description: description.trim(),
        photoIds: photos.flatMap((p) => (p.uploaded ? [p.uploaded.id] : [])),
      }),
    onSuccess: () => {
      // The order lists its support requests.
      void queryClient.invalidateQueries({ queryKey: ["orders", "get", String(orderId)] });
      onSent();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) {
      setDescriptionError(true);
      return;
    }
    send.mutate();
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
      <input
        id={`${id}-photos`}
        type="file"
        accept="image/jpeg,.jpg,.jpeg"
        multiple
        aria-describedby={`${id}-photos-hint${fileError ? ` ${id}-photos-error` : ""}`}
        onChange={(event) => {
          const input = event.currentTarget;
          void addFiles(input.files).finally(() => {
            input.value = "";
          });
        }}
      />
      {fileError ? (
        <p className="form-field__error" id={`${id}-photos-error`} role="alert" data-testid="photo-error">
          {fileError}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className="support-flow__photos">
          {photos.map((photo, index) => (
            <li
              key={photo.key}
              className="support-flow__photo"
              data-uploaded={photo.uploaded ? "true" : "false"}
            >
              <img src={photo.preview} alt={t("support.photoAlt", { n: index + 1 })} />
              <button
                type="button"
                className="button button--ghost support-flow__remove"
                onClick={() => setPhotos((list) => list.filter((p) => p.key !== photo.key))}
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
        <button type="submit" className="button button--primary" disabled={send.isPending || uploading > 0}>
          {send.isPending ? t("support.sending") : t("support.send")}
        </button>
      </div>
    </form>
  );
}
