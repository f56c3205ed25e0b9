/** The back-office route tree (lazy chunk): its shell, sign-in and index; the pages are chunks of their own. */
export { AdminNotFound, AdminRoot } from "@/features/admin/shell/admin-root";
export { AdminIndex, AdminShell } from "@/features/admin/shell/admin-shell";
export { AdminSignInPage } from "@/features/admin/shell/admin-sign-in";
