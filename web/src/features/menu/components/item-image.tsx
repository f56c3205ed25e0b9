import { useState } from "react";

interface ItemImageProps {
  src: string;
  className: string;
  /**
   * One of the first cards a phone shows: fetched at once and first (the
   * largest of them is the page's LCP element), not lazily after layout.
   */
  priority?: boolean;
  /** The box's size in CSS pixels, so the card keeps its shape before the picture arrives. */
  size?: number;
}

/** The item's picture, or a neutral placeholder when it is missing or fails to load (docs/product.md §9). */
export function ItemImage({ src, className, priority = false, size = 72 }: ItemImageProps) {
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
      width={size}
      height={size}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "auto" : "async"}
      onError={() => setFailed(src)}
    />
  );
}
