import { useEffect, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useTranslation } from "@/i18n";
import { tokenOf, useAuthStore } from "@/stores/auth";

/**
 * A photo of a support request: served only with the session (never to a
 * plain <img>), so it is fetched with the token and shown from a blob URL,
 * released when the photo leaves the page.
 */
function usePhoto(scheme: string, url: string) {
  const token = useAuthStore(tokenOf(scheme));
  const [got, setGot] = useState<{ url: string; src: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        made = URL.createObjectURL(await res.blob());
        setGot({ url, src: made, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setGot({ url, src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, token]);
  // An answer for another photo (the url changed) is not this one's.
  const current = got?.url === url ? got : null;
  return { src: current?.src ?? null, failed: current?.failed ?? false };
}

function Thumbnail({
  scheme,
  url,
  label,
  onOpen,
}: {
  scheme: string;
  url: string;
  label: string;
  onOpen: (src: string) => void;
}) {
  const { t } = useTranslation();
  const { src, failed } = usePhoto(scheme, url);
  return (
    <li>
      <button
        type="button"
        className="support-photos__thumb"
        disabled={!src}
        aria-label={t("supportInbox.openPhoto", { label })}
        onClick={() => src && onOpen(src)}
      >
        {src ? (
          <img src={src} alt={label} />
        ) : (
          <span className="muted small">
            {t(failed ? "supportInbox.photoFailed" : "supportInbox.photoLoading")}
          </span>
        )}
      </button>
    </li>
  );
}

/** The request's photos as thumbnails; one opens large in a dialog. */
export function SupportPhotos({ scheme, urls }: { scheme: string; urls: string[] }) {
  const { t } = useTranslation();
  const [large, setLarge] = useState<{ src: string; label: string } | null>(null);
  if (urls.length === 0) return null;
  return (
    <>
      <ul className="support-photos" aria-label={t("supportInbox.photos")}>
        {urls.map((url, i) => {
          const label = t("supportInbox.photoAlt", { n: i + 1, total: urls.length });
          return (
            <Thumbnail
              key={url}
              scheme={scheme}
              url={url}
              label={label}
              onOpen={(src) => setLarge({ src, label })}
            />
          );
        })}
      </ul>
      <Dialog
        open={large !== null}
        onHide={() => setLarge(null)}
        title={large?.label}
        className="support-photos__dialog"
      >
        {large ? <img className="support-photos__large" src={large.src} alt={large.label} /> : null}
      </Dialog>
    </>
  );
}
