/** Small inline icons (no icon font, no emoji: both render differently per platform). */
import type { ReactNode } from "react";
interface IconProps {
  size?: number;
}

export function DeliveryIcon({ size = 32 }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="6" cy="17" r="2.5" />
      <circle cx="18" cy="17" r="2.5" />
      <path d="M8.5 17h7M3.5 17V12h7l2 5M14 8h3l2.5 6.5M12 6h4" />
      <path d="M4 12V8h5v4" />
    </svg>
  );
}

export function PickupIcon({ size = 32 }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 8h14l-1 12H6L5 8Z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </svg>
  );
}

/** The frame every line icon shares: a 24-unit box drawn in the text colour. */
export function Stroke({
  size = 20,
  weight = 2,
  testId,
  children,
}: IconProps & { weight?: number; testId?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      data-testid={testId}
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const PlusIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <path d="M12 5v14M5 12h14" />
  </Stroke>
);

export const MinusIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <path d="M5 12h14" />
  </Stroke>
);

export const BinIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Stroke>
);

export const WarningIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <path d="M12 3 2 20h20L12 3ZM12 10v4M12 17.5v.01" />
  </Stroke>
);

export const SearchIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Stroke>
);

export const BasketIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <path d="M3 9h18l-2 11H5L3 9ZM8 9l3-6M16 9l-3-6" />
  </Stroke>
);

export const ClockIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Stroke>
);

export const CalendarIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <rect x="4" y="5" width="16" height="15" rx="2" />
    <path d="M4 10h16M8 3v4M16 3v4" />
  </Stroke>
);

export const CloseIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Stroke>
);

export const UploadIcon = ({ size }: IconProps) => (
  <Stroke size={size}>
    <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
  </Stroke>
);
