import { useState } from "react";

/** The item's picture, or a neutral placeholder when it is missing or fails to load (SPEC.md §9). */
export function ItemImage({ src, className }: { src: string; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className={`${className} item-image--placeholder`} data-testid="item-image-placeholder">
        <svg
          viewBox="0 0 48 48"
          width="40%"
          height="40%"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <circle cx="24" cy="26" r="13" />
          <path d="M6 10v10a3 3 0 0 0 3 3v15M9 10v9M12 10v10a3 3 0 0 1-3 3M40 10c-3 2-4 6-4 11h4v17" />
        </svg>
      </span>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
