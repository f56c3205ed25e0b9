/** The back-office route tree (lazy chunk). */
import { AdminPage } from "@/features/admin/components/admin-page";
import { SchemeShell } from "./scheme-shell";

export function AdminRoot() {
  return (
    <SchemeShell>
      <AdminPage />
    </SchemeShell>
  );
}
