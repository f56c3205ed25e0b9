import type { components } from "./schema";

/** Named shapes from api/openapi.yaml (generated; never hand-copied). */
type S = components["schemas"];
export type Scheme = S["Scheme"];
export type SchemeSummary = S["SchemeSummary"];
export type Store = S["Store"];
export type ShakeHand = S["ShakeHand"];
export type MenuList = S["MenuList"];
export type MenuItem = S["MenuItem"];
export type Currency = S["Currency"];
export type Language = S["Language"];
export type OrderTypeValue = S["OrderType"];
export type ApiErrorBody = S["Error"];
