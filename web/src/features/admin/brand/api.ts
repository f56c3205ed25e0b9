import "./i18n";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@/lib/api/client";
import { uploadImage } from "@/lib/api/upload-image";
import { updateOf, type BrandValues } from "./brand-form";

/**
 * admin/scheme/update: the scheme's brand in one write (an audit row on the
 * server). The storefront's venue/info and the back office's header read the
 * scheme again at once.
 */
export function useUpdateBrand(scheme: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: BrandValues) =>
      (await call("admin/scheme/update", { data: updateOf(values, scheme) })).payload,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["venue-info", scheme] });
    },
  });
}

/** upload with purpose "logo": the server checks and re-encodes it; the answer's url is the 512 px PNG. */
export function useUploadLogo(scheme: string) {
  return useMutation({ mutationFn: (file: File) => uploadImage(file, scheme, "logo") });
}
