import type { Translate } from "@/lib/i18n";
import { formatCurrency } from "@/lib/currency";

/**
 * An audit row as a manager reads it: what was done ("Changed item", not
 * "menu.upsert-item"), to what by its name (the item's title, not its ref), and its
 * fields by their names with money as money. An action this screen does not know
 * shows its code.
 */
export const ACTIONS = [
  "scheme.create",
  "scheme.import",
  "brand.update",
  "menu.upsert-category",
  "menu.upsert-item",
  "menu.upsert-modifier-category",
  "menu.attach-modifier-category",
  "menu.remove-category",
  "menu.remove-item",
  "menu.remove-modifier-category",
  "menu.remove-modifier-item",
  "venue.upsert",
  "promo.upsert",
  "offer.upsert",
  "loyalty.set",
  "customer.export",
  "customer.erase",
  "support.reply",
  "webhook.upsert",
  "webhook.rotate-secret",
  "printer.upsert",
  "printer.delete",
] as const;

/** Upserts that made something new when there was nothing before. */
const ADDS = new Set([
  "menu.upsert-category",
  "menu.upsert-item",
  "menu.upsert-modifier-category",
  "venue.upsert",
  "promo.upsert",
  "offer.upsert",
  "webhook.upsert",
  "printer.upsert",
]);

const keyOf = (action: string) => action.replace(/[.-]/g, "_");

export function actionLabel(t: Translate, action: string, before: unknown): string {
  if (!(ACTIONS as readonly string[]).includes(action)) return action;
  const added = before === null && ADDS.has(action);
  return t(`activity.${added ? "added" : "actions"}.${keyOf(action)}`);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The changed record's own name (title, name, code), else the row's target. */
export function targetName(target: string, before: unknown, after: unknown): string {
  for (const side of [after, before]) {
    if (!isObject(side)) continue;
    for (const k of ["title", "name", "code"]) {
      const v = side[k];
      if (typeof v === "string" && v.trim()) return v;
    }
  }
  return target;
}

/** Fields the screen names in words (a top-level path); others keep their JSON path. */
export const FIELDS = [
  "title",
  "name",
  "description",
  "price",
  "is_new",
  "order_types",
  "dayparts",
  "modifier_categories",
  "select_min",
  "select_max",
  "image_url",
  "image_id",
  "items",
  "colour",
  "logo_url",
  "theme",
  "languages",
  "tipping",
  "url",
  "events",
  "enabled",
  "kind",
  "venue",
] as const;

const MONEY = /(^|\.)(price|fee|minimum|free_over|amount|min_spend)$/;

export function fieldLabel(t: Translate, path: string): string {
  return (FIELDS as readonly string[]).includes(path) ? t(`activity.fields.${path}`) : path;
}

/** A value in words: money in the scheme's currency, yes/no, lists joined; the rest compact JSON. */
export function showValue(t: Translate, path: string, v: unknown, currency: string): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "number" && MONEY.test(path)) return formatCurrency(v, currency);
  if (typeof v === "boolean") return v ? t("activity.yes") : t("activity.no");
  if (typeof v === "string") return v;
  if (Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number")) return v.join(", ");
  return JSON.stringify(v);
}
