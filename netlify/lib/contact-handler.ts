import { RESULT_PAGES } from "../../src/features/contact/messages";
import { CONTACT_RATE_LIMIT, type Contact, contactSchema, fieldErrors } from "../../src/features/contact/schema";
import { en } from "../../src/i18n/dictionaries/en";
import { createFormHandler, type FormDeps, type FormSpec } from "./form-handler";
import { createRateLimiter } from "./rate-limit";
import type { BlobStore } from "./storage";
import { toSubmission } from "./submissions";

export { MAX_BODY_BYTES, wantsPage } from "./form-handler";

/** What the public forms share: the inbox, and one rate limit per client IP across every form. */
export interface ContactDeps extends FormDeps {
  rateLimits: BlobStore;
  salt: string;
}

/**
 * The one rate limiter of the public forms: a contact message and a sample request from one client
 * count against the same limit, kept in the same records.
 */
export const formRateLimiter = (deps: Pick<ContactDeps, "rateLimits" | "salt" | "now">) =>
  createRateLimiter({ store: deps.rateLimits, salt: deps.salt, now: deps.now ?? Date.now, ...CONTACT_RATE_LIMIT });

export const RATE_LIMIT_MESSAGE = `Too many submissions. Limit: ${CONTACT_RATE_LIMIT.limit} submissions per hour.`;

/** The server checks with the English messages; the browser showed the visitor's own. */
const ContactSchema = contactSchema({ ...en.forms.validation, ...en.contact.form });

const contactForm: FormSpec<Contact> = {
  label: "contact submission",
  pages: {
    success: RESULT_PAGES.success.path,
    rateLimited: RESULT_PAGES.rateLimited.path,
    error: RESULT_PAGES.error.path,
  },
  fromForm: (params) => Object.fromEntries(params),
  async parse(payload) {
    const parsed = ContactSchema.safeParse(payload);
    if (parsed.success) return { ok: true, value: parsed.data };
    const fields = fieldErrors(parsed.error);
    return fields.website
      ? { ok: false, code: "bot_detected", fields: {} }
      : { ok: false, code: "invalid_fields", fields };
  },
  toSubmission,
  rateLimitMessage: RATE_LIMIT_MESSAGE,
};

/** POST /api/submit-contact-form (see createFormHandler). */
export function createContactHandler(deps: ContactDeps) {
  return createFormHandler({ ...deps, limiter: formRateLimiter(deps) }, contactForm);
}
