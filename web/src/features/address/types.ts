import type { components } from "@/lib/api/schema";

type S = components["schemas"];
/** address/find-address rows and the address/find-address-detail answer (generated types). */
export type PlaceSuggestion = S["PlaceSuggestion"];
export type PlaceDetail = S["PlaceDetail"];
export type ContactCheck = S["ContactCheck"];

/**
 * A saved address as address/list and address/upsert answer it (SPEC.md §3).
 * Hand-written only until the address calls land in api/openapi.yaml; then
 * this becomes an alias of the generated schema like the ones above.
 */
export interface SavedAddress {
  id: number;
  name: string;
  line_1: string;
  line_2: string;
  city: string;
  country: string;
  postcode: string;
  lat: number;
  lng: number;
  contact_number: string;
  email: string;
  note: string;
}
