import { useParams } from "react-router";
import { useSchemeQuery } from "@/lib/api/get-scheme";
import type { Scheme } from "@/lib/api/types";

/**
 * The scheme of the current /:scheme route. The storefront layout renders its
 * children only once venue/info has answered, so inside it this is never null.
 */
export function useCurrentScheme(): Scheme {
  const { scheme = "" } = useParams();
  const { data } = useSchemeQuery(scheme);
  if (!data) throw new Error(`useCurrentScheme outside a loaded scheme (${scheme})`);
  return data.payload;
}
