import type { PersistStorage, StorageValue } from "zustand/middleware";

/**
 * localStorage for zustand `persist` (docs/product.md §3: persisted in the browser).
 *
 * Every store declares a `version` and a `migrate` from the shapes before it.
 * An entry written without a version (or with a broken one) is read as
 * version 0, the shape the stores had before versions existed, so it goes
 * through the migrations instead of being taken as current. Unreadable JSON is
 * no state at all: the store starts from its defaults rather than crashing.
 */
export function browserStorage<S>(): PersistStorage<S> {
  return {
    getItem: (name): StorageValue<S> | null => {
      let text: string | null;
      try {
        text = localStorage.getItem(name);
      } catch {
        return null; // storage blocked (private mode, policy): start empty
      }
      if (text === null) return null;
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed !== "object" || parsed === null || !("state" in parsed)) return null;
        const { state, version } = parsed as { state: S; version?: unknown };
        return { state, version: typeof version === "number" ? version : 0 };
      } catch {
        return null;
      }
    },
    setItem: (name, value) => {
      try {
        localStorage.setItem(name, JSON.stringify(value));
      } catch {
        // Full or blocked: the app keeps working with its in-memory state.
      }
    },
    removeItem: (name) => {
      try {
        localStorage.removeItem(name);
      } catch {
        // as above
      }
    },
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
