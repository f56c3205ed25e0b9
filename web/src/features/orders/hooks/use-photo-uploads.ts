import { useEffect, useRef, useState } from "react";
import { useTranslation } from "@/i18n";
import { useErrorMessage } from "@/hooks/use-error-message";
import { acceptablePhoto, MAX_PHOTOS, uploadPhoto, type UploadedPhoto } from "../api/support";

export interface Photo {
  key: string;
  preview: string;
  name: string;
  uploaded?: UploadedPhoto;
}

/**
 * The photos of a support request: uploaded as they are chosen (the server
 * checks them by content), at most MAX_PHOTOS. The count is kept in a ref
 * as well as in state: several files chosen at once (or a second choice while
 * the first uploads) are each checked against the photos already taken in
 * this same event, not against the list of the last render.
 */
export function usePhotoUploads(scheme: string) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const taken = useRef(0);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const upload = async (file: File) => {
    const key = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    setPhotos((list) => [...list, { key, preview, name: file.name }]);
    setUploading((n) => n + 1);
    try {
      const uploaded = await uploadPhoto(file, scheme);
      setPhotos((list) => list.map((p) => (p.key === key ? { ...p, uploaded } : p)));
    } catch (cause) {
      taken.current -= 1;
      setPhotos((list) => list.filter((p) => p.key !== key));
      setError(errorMessage(cause));
    } finally {
      setUploading((n) => n - 1);
    }
  };

  const add = async (files: FileList | null) => {
    setError(null);
    const chosen: File[] = [];
    for (const file of Array.from(files ?? [])) {
      if (!acceptablePhoto(file)) {
        setError(t("errors.upload"));
        continue;
      }
      if (taken.current >= MAX_PHOTOS) {
        setError(t("support.tooManyPhotos", { count: MAX_PHOTOS }));
        break;
      }
      taken.current += 1;
      chosen.push(file);
    }
    // One at a time, in the order chosen (the previews keep that order).
    for (const file of chosen) await upload(file);
  };

  const remove = (key: string) => {
    taken.current -= 1;
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  return {
    photos,
    error,
    uploading: uploading > 0,
    add,
    remove,
    ids: () => photos.flatMap((p) => (p.uploaded ? [p.uploaded.id] : [])),
  };
}
