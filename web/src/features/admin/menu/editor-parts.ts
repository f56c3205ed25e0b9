import { createContext, useContext, type ComponentType } from "react";

/** What the editor's preview card is given: the storefront card's own props, as customers see it. */
export interface PreviewCardProps {
  title: string;
  description: string;
  imageUrl: string;
  price: number;
  currency: string;
  isNew: boolean;
  hasModifier: boolean;
  selectMin: number;
  selectMax: number;
}

/**
 * What the menu editor borrows from other features, composed in src/app (features do
 * not import each other): the storefront's item card for the preview, and the upload
 * of a picture (purpose "menu").
 */
export interface EditorParts {
  PreviewCard: ComponentType<PreviewCardProps>;
  upload: (file: File, scheme: string) => Promise<{ id: number; url: string }>;
}

export const EditorPartsContext = createContext<EditorParts | null>(null);

export function useEditorParts(): EditorParts {
  const parts = useContext(EditorPartsContext);
  if (!parts) throw new Error("the menu editor needs its parts (src/app/routes/admin-menu.tsx)");
  return parts;
}
