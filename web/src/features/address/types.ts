import type { components } from "@/lib/api/schema";

type S = components["schemas"];
/** address/find-address rows and the address/find-address-detail answer (generated types). */
export type PlaceSuggestion = S["PlaceSuggestion"];
export type PlaceDetail = S["PlaceDetail"];
/** A saved address as address/list and address/upsert answer it (docs/product.md §3). */
export type SavedAddress = S["SavedAddress"];
