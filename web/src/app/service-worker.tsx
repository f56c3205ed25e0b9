import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { readsToKeep } from "@/lib/api/client";
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
export function ServiceWorker() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    if (!storefrontScheme(window.location.pathname)) return;
    const container = navigator.serviceWorker;
    const controlled = Boolean(container.controller);
    const refetch = () => void queryClient.refetchQueries({ type: "active" });
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
    window.addEventListener("online", refetch);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => {
      container.removeEventListener("controllerchange", onControl);
      window.removeEventListener("online", refetch);
      window.removeEventListener("load", register);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
        window.clearTimeout(idle);
      }
    };
  }, [queryClient]);
  return null;
}
