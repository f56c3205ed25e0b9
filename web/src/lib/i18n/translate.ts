/**
 * The whole of message formatting: a key's template from a flat catalogue, its
 * plural form picked by Intl.PluralRules, and {{name}} placeholders filled in.
 * Nothing else (no nesting, no formatters, no escaping: React escapes text).
 */

/** A catalogue flattened to dotted keys: { "menu.itemUpTo_few": "…" }. */
export type Messages = Readonly<Record<string, string>>;

/** Placeholder values; a numeric `count` also chooses the plural form. */
export type Values = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /{{(\w+)}}/g;
const rulesByLocale = new Map<string, Intl.PluralRules>();

/** The nested JSON of a catalogue as dotted keys, so a lookup is one property read. */
export function flatten(tree: object, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === "string") out[key] = value;
    else if (typeof value === "object" && value !== null) flatten(value as object, key, out);
  }
  return out;
}

/** The CLDR plural category of `count` in `locale` ("one", "few", "many", "other"…). */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/**
 * The template of `key`: with a numeric count, `key_<category>` first, then
 * `key_other`, then the plain key (a text that needs no plural forms); undefined
 * when the catalogue lacks it.
 */
export function template(
  messages: Messages,
  locale: string,
  key: string,
  values?: Values,
): string | undefined {
  const count = values?.count;
  if (typeof count === "number") {
    const form = messages[`${key}_${pluralCategory(locale, count)}`] ?? messages[`${key}_other`];
    if (form !== undefined) return form;
  }
  return messages[key];
}

/** `text` with each {{name}} replaced by values[name]; unknown names stay as they are. */
export function interpolate(text: string, values?: Values): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The translated text of `key`, or the key itself when no catalogue has it (a visible, greppable miss). */
export function translate(messages: Messages, locale: string, key: string, values?: Values): string {
  const text = template(messages, locale, key, values);
  return text === undefined ? key : interpolate(text, values);
}
