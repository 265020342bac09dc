import type { Dictionary } from "../../i18n/dictionary";
import { type PublicFormTexts, resultPages } from "../forms/outcome";

/**
 * Where the contact form posted without JavaScript lands: /contact/sent (its reference after it,
 * /contact/sent/AA-7K3Q), /contact/too-many, /contact/error.
 */
export const RESULT_PAGES = resultPages("/contact");

/** What the contact form island is given from the page's dictionary: plain texts, sent with the page. */
export interface ContactFormTexts extends PublicFormTexts {
  form: Dictionary["contact"]["form"];
}
