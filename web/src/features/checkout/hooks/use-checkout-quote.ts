import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useQuote } from "../api/quote";
import type { OrderRequest } from "../api/types";
import { quoteKey, quoteRequestOf } from "../lib/order-request";

/**
 * docs/product.md gives no wait for the quote (only the address search's 1000 ms and the
 * map's 300 ms): 500 ms lets a run of taps on a tip chip or a quantity settle
 * into one orders/quote, and still feels immediate.
 */
export const QUOTE_DEBOUNCE_MS = 500;

/**
 * The server's pricing of the checkout, asked again (debounced) whenever
 * something that changes the price changes: basket, tip, promo, address, time.
 * `settled` is false while a change waits for its quote, so Pay can wait too.
 */
export function useCheckoutQuote(request: OrderRequest | null) {
  const key = request ? quoteKey(request) : "";
  const debouncedKey = useDebouncedValue(key, QUOTE_DEBOUNCE_MS);
  const query = useQuote(debouncedKey ? quoteRequestOf(debouncedKey) : null, debouncedKey);
  // A background refetch of the same quote does not unsettle it (Pay would flicker).
  const settled = key === debouncedKey && !query.isPending && !query.isPlaceholderData;
  return { ...query, settled };
}
