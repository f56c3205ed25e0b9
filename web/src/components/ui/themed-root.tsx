import type { CSSProperties, ReactNode } from "react";
import { isDarkTheme, themeVariables, type ThemeSource } from "@/lib/theme";

interface ThemedRootProps {
  scheme: ThemeSource;
  children: ReactNode;
}

/** Puts the scheme's colours on CSS variables; theme 0 is dark (docs/product.md §1). */
export function ThemedRoot({ scheme, children }: ThemedRootProps) {
  const dark = isDarkTheme(scheme.theme);
  return (
    <div
      className="themed-root"
      data-theme={dark ? "dark" : "light"}
      data-testid="themed-root"
      style={themeVariables(scheme) as CSSProperties}
    >
      {children}
    </div>
  );
}
