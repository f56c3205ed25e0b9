import { Outlet } from "react-router";

/** A centred card for the sign-in, sign-up, verify and reset screens. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <div className="auth-card">
        <Outlet />
      </div>
    </div>
  );
}
