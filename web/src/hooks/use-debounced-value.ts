import { useEffect, useState } from "react";

/** The value once it has stayed unchanged for `delayMs` (the address search waits 1000 ms, the checkout quote 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
