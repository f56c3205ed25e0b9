/** The parts of an address a town line is made of (every address shape of the app has them). */
export interface TownParts {
  city?: string | null;
  postcode?: string | null;
  country?: string | null;
}

/** A UK postcode's shape ("W1D 3RW", "EC2A 3DU"), for an address whose country was not kept. */
const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

/**
 * The town and postcode on one line as the address's country writes them: the town first in
 * the UK ("London W1D 3RW"), the postcode first in Poland and elsewhere in Europe ("31-019
 * Kraków"). Without a country the postcode's shape decides. The server's mails use the same
 * rule (internal/catalog TownLine).
 */
export function townLine(a: TownParts): string {
  const city = (a.city ?? "").trim();
  const postcode = (a.postcode ?? "").trim();
  const uk = a.country ? a.country === "GB" : UK_POSTCODE.test(postcode);
  return (uk ? [city, postcode] : [postcode, city]).filter(Boolean).join(" ");
}
