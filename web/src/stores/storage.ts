import { createJSONStorage } from "zustand/middleware";

/** localStorage for zustand `persist` (SPEC.md §3: persisted in the browser). */
export const browserStorage = createJSONStorage(() => localStorage);
