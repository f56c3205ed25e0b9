import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { type ImagePurpose, postUpload } from "@/lib/api/upload-image";
import { orderQueryKey } from "./get-order";

export const SUPPORT_KINDS = ["incorrect_item", "wrong_order", "quality_concern", "something_else"] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

/** The server's limit (docs/product.md §5, §9); checked here too so a wrong file fails at once. */
export const MAX_PHOTO_BYTES = 800 * 1024;
export const MAX_PHOTOS = 5;

/** Whether a chosen file may be a photo the server will take (it decodes it: the authority). */
export function acceptablePhoto(file: Pick<File, "type" | "size" | "name">): boolean {
  const jpeg = file.type === "image/jpeg" || (file.type === "" && /\.jpe?g$/i.test(file.name));
  return jpeg && file.size > 0 && file.size <= MAX_PHOTO_BYTES;
}

export interface UploadedPhoto {
  id: number;
  url: string;
}

/**
 * POST /api/v3/upload (lib/api/upload-image.ts). With a purpose ("menu",
 * "logo") it is a back-office picture; without, a support photo.
 */
export function uploadPhoto(file: File, businessSlug: string, purpose?: ImagePurpose): Promise<UploadedPhoto> {
  return postUpload<UploadedPhoto>(file, businessSlug, purpose);
}

/** supports/insert: the request about one of the caller's orders. */
export async function insertSupportRequest(input: {
  orderId: number;
  businessSlug: string;
  kind: SupportKind;
  description: string;
  photoIds: number[];
}) {
  const result = await call("supports/insert", {
    data: {
      business_slug: input.businessSlug,
      order_id: input.orderId,
      kind: input.kind,
      description: input.description,
      photo_ids: input.photoIds,
    },
  });
  return result.payload;
}

/** Sends the request; the order's query is read again (it lists its support requests). */
export function useInsertSupportRequest(orderId: number, businessSlug: string, onSent: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: SupportKind; description: string; photoIds: number[] }) =>
      insertSupportRequest({ orderId, businessSlug, ...input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(String(orderId)) });
      onSent();
    },
  });
}
