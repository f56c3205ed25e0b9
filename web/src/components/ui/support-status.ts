/** A support request's status (docs/architecture.md §10), in the order it moves. */
export type SupportStatus = "open" | "in_progress" | "resolved";
export const SUPPORT_STATUSES: readonly SupportStatus[] = ["open", "in_progress", "resolved"];
