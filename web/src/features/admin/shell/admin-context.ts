import { useOutletContext } from "react-router";
import type { AdminVenue } from "../api/venues";

/** What the back-office shell hands every page under it (react-router outlet context). */
export interface AdminContext {
  scheme: string;
  brand: string;
  /** The venues the signed-in user works at (all of them for a manager). */
  venues: AdminVenue[];
  isManager: boolean;
  email: string;
}

export function useAdmin(): AdminContext {
  return useOutletContext<AdminContext>();
}
