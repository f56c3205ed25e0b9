import { call } from "./client";
import type { components } from "./schema";

export type ContactCheck = components["schemas"]["ContactCheck"];

/**
 * user/validate-contact-number: the server's phone check (docs/product.md §5 "Phone
 * Number is Incorrect"). Shared by sign-up, the address dialog and checkout.
 */
export async function validateContactNumber(contactNumber: string): Promise<ContactCheck> {
  const { payload } = await call("user/validate-contact-number", {
    filter: { contact_number: contactNumber },
  });
  return payload;
}
