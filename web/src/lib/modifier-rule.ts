import type { Translate } from "@/lib/i18n";

/**
 * How many options of a modifier group a customer picks, said once (the item dialog,
 * and the menu editor's group as customers will read it): "Required" for exactly one
 * (a radio group), "Optional" for at most one or any number, else "Choose up to 3",
 * "Choose 2", "Choose at least 2", "Choose 1 to 3" — with the language's plural forms.
 * A max of 0 is no limit. single: the options are radio buttons (at most one).
 */
export function modifierRule(t: Translate, min: number, max: number): { text: string; single: boolean } {
  const single = max === 1;
  let text: string;
  if (single) text = min >= 1 ? t("menu.ruleRequired") : t("menu.ruleOptional");
  else if (min === 0) text = max > 0 ? t("menu.ruleUpTo", { count: max }) : t("menu.ruleOptional");
  else if (min === max) text = t("menu.ruleExactly", { count: min });
  else if (max === 0) text = t("menu.ruleAtLeast", { count: min });
  else text = t("menu.ruleBetween", { min, count: max });
  return { text, single };
}
