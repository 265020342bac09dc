import type { Enquiry } from "../../src/features/inbox/server/enquiry-schema";
import { enquiryKey } from "../../src/features/inbox/server/listing";

/** The inbox tests' clock: enquiries are dated back from it. */
export const NOW = Date.parse("2026-11-22T12:00:00Z");

/**
 * Enquiry number `n` as the contact form stores it: a visitor's name, address and message numbered
 * `n`, sent `minutesAgo` minutes before NOW (by default `n`, so that a higher number is older).
 */
export function enquiry(
  n: number,
  { minutesAgo = n, ...fields }: Partial<Enquiry> & { minutesAgo?: number } = {},
): Enquiry {
  return {
    id: crypto.randomUUID(),
    created_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
    name: `Visitor ${n}`,
    email: `visitor${n}@example.ee`,
    phone: null,
    company: null,
    message: `Message ${n}`,
    ...fields,
  };
}

/** Where an enquiry is stored in the submissions store. */
export const keyOf = (submission: Enquiry) => enquiryKey(new Date(submission.created_at), submission.id);
