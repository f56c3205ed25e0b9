import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "@/lib/api/api-error";
import { call } from "@/lib/api/client";
import { ADMIN_KEY, noRetryOnAccess } from "../api/venues";
import { venueFieldErrors, type VenueDoc } from "./venue-model";

/** The scheme's venues as the document holds them (admin/scheme/document). */
export function useVenueDocs(scheme: string, enabled: boolean) {
  return useQuery({
    queryKey: [ADMIN_KEY, scheme, "venue-docs"],
    queryFn: async ({ signal }) => {
      const { payload } = await call(
        "admin/scheme/document",
        { filter: { business_slug: scheme } },
        { signal },
      );
      const doc = payload as unknown as { venues: VenueDoc[]; currency: string; country: string };
      return { venues: doc.venues ?? [], currency: doc.currency, country: doc.country };
    },
    enabled,
    retry: noRetryOnAccess,
  });
}

export type SaveState =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved" }
  | { state: "failed"; message: string; fields: Record<string, string> };

/**
 * Saves one section of a venue: the venue as last saved with the section's
 * change, through admin/venues/upsert; the document's copy follows the answer.
 * Each section keeps its own state, so one failing save never hides another's.
 */
export function useVenueSave(scheme: string, errorMessage: (e: unknown) => string) {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const mutation = useMutation({
    mutationFn: async ({ venue }: { venue: VenueDoc; section: string }) => {
      const { payload } = await call("admin/venues/upsert", {
        data: { business_slug: scheme, venue: venue as never },
      });
      return payload as unknown as VenueDoc;
    },
    onMutate: ({ section }) => setStates((s) => ({ ...s, [section]: { state: "saving" } })),
    onSuccess: (saved, { section }) => {
      setStates((s) => ({ ...s, [section]: { state: "saved" } }));
      queryClient.setQueryData(
        [ADMIN_KEY, scheme, "venue-docs"],
        (old: { venues: VenueDoc[] } | undefined) => {
          if (!old) return old;
          const exists = old.venues.some((v) => v.venue_slug === saved.venue_slug);
          return {
            ...old,
            venues: exists
              ? old.venues.map((v) => (v.venue_slug === saved.venue_slug ? saved : v))
              : [...old.venues, saved],
          };
        },
      );
      // The shell's venue list (names, the new venue) reads venue/info.
      void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, scheme, "venues"] });
    },
    onError: (error, { section }) => {
      const fields = isApiError(error)
        ? venueFieldErrors(error.fields as Record<string, string> | undefined)
        : {};
      setStates((s) => ({ ...s, [section]: { state: "failed", message: errorMessage(error), fields } }));
    },
  });
  const save = (section: string, venue: VenueDoc) =>
    mutation.mutateAsync({ venue, section }).catch(() => undefined);
  const stateOf = (section: string): SaveState => states[section] ?? { state: "idle" };
  return { save, stateOf };
}
