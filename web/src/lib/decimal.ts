/** True for a non-empty string of ASCII digits. */
export function isDigits(value: string): boolean {
  return /^[0-9]+$/.test(value);
}

/**
 * The decimal-number check of docs/product.md §5: split on the separator (a dot by
 * default), drop one leading minus from the integer part, then the integer
 * part must be digits only and a fractional part, if any, digits only.
 */
export function isDecimalNumber(value: string, separator = "."): boolean {
  const parts = value.split(separator);
  if (parts.length > 2) return false;
  const [integerPart = "", fractionalPart] = parts;
  const integer = integerPart.startsWith("-") ? integerPart.slice(1) : integerPart;
  if (!isDigits(integer)) return false;
  return fractionalPart === undefined || isDigits(fractionalPart);
}
