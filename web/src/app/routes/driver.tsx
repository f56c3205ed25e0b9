/** The driver route tree (lazy chunk). */
import { DriverPage } from "@/features/driver/components/driver-page";
import { SchemeShell } from "./scheme-shell";

export function DriverRoot() {
  return (
    <SchemeShell>
      <DriverPage />
    </SchemeShell>
  );
}
