import { en } from "../../../i18n/dictionaries/en";
import type { Locale } from "../../../i18n/locales";
import type { FormSpec } from "../../forms/server/handler";
import type { Enquiry } from "../../inbox/server/enquiry-schema";
import { type IntakeDeps, intakeHandler } from "../../inbox/server/intake";
import { RESULT_PAGES } from "../messages";
import { type Contact, contactSchema, fieldErrors } from "../schema";

export { MAX_BODY_BYTES, wantsPage } from "../../forms/server/handler";

/** The server checks with the English messages; the browser showed the visitor's own. */
const ContactSchema = contactSchema({ ...en.forms.validation, ...en.contact.form });

/** A contact message as the inbox stores it. */
export function toEnquiry(contact: Contact, id: string, createdAt: Date, language: Locale): Enquiry {
  return {
    id,
    created_at: createdAt.toISOString(),
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    company: contact.company,
    message: contact.message,
    language,
  };
}

/** The contact form as the public-form shell takes it: its schema, its record and its result pages. */
export const contactForm: FormSpec<Contact, Enquiry> = {
  label: "contact submission",
  pages: RESULT_PAGES,
  fromForm: (params) => Object.fromEntries(params),
  async parse(payload) {
    const parsed = ContactSchema.safeParse(payload);
    if (parsed.success) return { ok: true, value: parsed.data };
    const fields = fieldErrors(parsed.error);
    return fields.website
      ? { ok: false, code: "bot_detected", fields: {} }
      : { ok: false, code: "invalid_fields", fields };
  },
  toEnquiry,
};

/** POST /api/submit-contact-form (see createFormHandler). */
export const createContactHandler = (deps: IntakeDeps) => intakeHandler(deps, contactForm);
