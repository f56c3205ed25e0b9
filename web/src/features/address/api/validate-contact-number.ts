import { call } from "@/lib/api/client";
import type { ContactCheck } from "../types";

/** user/validate-contact-number: the server's phone check (SPEC.md §5 "Phone Number is Incorrect"). */
export async function validateContactNumber(contactNumber: string): Promise<ContactCheck> {
  const { payload } = await call("user/validate-contact-number", {
    filter: { contact_number: contactNumber },
  });
  return payload;
}
