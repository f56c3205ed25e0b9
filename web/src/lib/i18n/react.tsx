import { cloneElement, use, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import type { I18n, Translate } from "./runtime";
import { interpolate, type Values } from "./translate";

export interface Translation {
  t: Translate;
  i18n: I18n;
}

export interface TransProps {
  i18nKey: string;
  values?: Values;
  /** Elements for the message's <name>…</name> tags, e.g. { strong: <strong /> }. */
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * React bindings of one I18n. useTranslation re-renders its component when the
 * shown language changes and suspends (React's `use`) until the first
 * catalogue has arrived. Trans renders a message whose markup tags become the
 * given elements; tags are parsed before the values go in, so a value (an
 * e-mail address someone typed) can never become markup.
 */
export function bindReact(i18n: I18n) {
  const shownLanguage = () => i18n.language;

  function useLanguage(): string {
    const language = useSyncExternalStore(i18n.subscribe, shownLanguage, shownLanguage);
    use(i18n.load(language)); // suspends only until the catalogue is here
    return language;
  }

  function useTranslation(): Translation {
    const language = useLanguage();
    return useMemo(() => ({ t: i18n.translator(language), i18n }), [language]);
  }

  function Trans({ i18nKey, values, components = {} }: TransProps) {
    const language = useLanguage();
    const text = i18n.template(language, i18nKey, values) ?? i18nKey;
    const parts: ReactNode[] = [];
    let last = 0;
    for (const match of text.matchAll(TAG)) {
      parts.push(interpolate(text.slice(last, match.index), values));
      const [, name, inner] = match as unknown as [string, string, string];
      const element = components[name];
      const content = interpolate(inner, values);
      parts.push(element ? cloneElement(element, { key: parts.length }, content) : content);
      last = match.index + match[0].length;
    }
    parts.push(interpolate(text.slice(last), values));
    return <>{parts}</>;
  }

  return { useTranslation, Trans };
}
