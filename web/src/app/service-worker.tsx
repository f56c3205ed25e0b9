import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { cachedAnswerCount, readsToKeep } from "@/lib/api/client";
import { storefrontScheme, type KeepMessage } from "@/sw/rules";

/**
 * Registers the storefront's service worker (/sw.js, src/sw/service-worker.ts)
 * once the page has loaded and the browser is idle: it never competes with the
 * first load. Only on storefront pages: staff pages have nothing to keep.
 *
 * The first time the worker takes control, the page's data was fetched before
 * it existed: the page hands the worker the venue/info and menu/list calls it
 * made (exact bodies, the worker's cache keys), and the worker fetches and
 * keeps them, so one visit is enough to open offline. Back online, the active
 * queries are asked again, so a menu shown from the cache is replaced by fresh
 * data.
 */
/** How often the page asks again after coming back online while the worker still answers from its cache. */
const ONLINE_RETRIES = 4;

export function ServiceWorker() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    if (!storefrontScheme(window.location.pathname)) return;
    const container = navigator.serviceWorker;
    const controlled = Boolean(container.controller);
    // Back online, the shown data is asked for again. The worker may still
    // find no network for a moment (it learns of the connection a little
    // later than the page), and then answers from its cache: ask again,
    // waiting longer each time, until the server itself has answered.
    let retry: number | undefined;
    const refetch = async (attempt = 0) => {
      window.clearTimeout(retry);
      const before = cachedAnswerCount();
      await queryClient.refetchQueries({ type: "active" });
      if (cachedAnswerCount() === before || !navigator.onLine || attempt >= ONLINE_RETRIES) return;
      retry = window.setTimeout(() => void refetch(attempt + 1), 1000 * 2 ** attempt);
    };
    const onOnline = () => void refetch();
    const onControl = () => {
      if (controlled) return;
      const message: KeepMessage = { type: "platter-keep", reads: readsToKeep() as KeepMessage["reads"] };
      container.controller?.postMessage(message);
    };
    let idle: number | undefined;
    const register = () => {
      const go = () => void container.register("/sw.js").catch(() => undefined);
      idle =
        typeof window.requestIdleCallback === "function"
          ? window.requestIdleCallback(go, { timeout: 5000 })
          : window.setTimeout(go, 2000);
    };
    container.addEventListener("controllerchange", onControl);
    window.addEventListener("online", onOnline);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => {
      container.removeEventListener("controllerchange", onControl);
      window.removeEventListener("online", onOnline);
      window.clearTimeout(retry);
      window.removeEventListener("load", register);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
        window.clearTimeout(idle);
      }
    };
  }, [queryClient]);
  return null;
}
