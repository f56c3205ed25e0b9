/** Icons only the address feature draws (kept here, out of the menu page's first load). */
import { Stroke } from "@/components/ui/icons";

interface IconProps {
  size?: number;
}

/** Knife and fork: "go to the menu". */
export const MenuIcon = ({ size }: IconProps) => (
  <Stroke size={size} weight={1.8} testId="menu-icon">
    <path d="M7 3v8M4.5 3v5a2.5 2.5 0 0 0 5 0V3M7 11v10M17 21V3c-2.2 1.2-3.5 3.8-3.5 7v3H17" />
  </Stroke>
);

export const PinIcon = ({ size = 18 }: IconProps) => (
  <Stroke size={size} weight={1.8}>
    <path d="M12 21s7-6.2 7-11.5A7 7 0 0 0 5 9.5C5 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Stroke>
);
