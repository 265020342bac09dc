import type { Dictionary } from "../../i18n/dictionary";
import type { FormOutcome } from "../../lib/form-outcome";

export type ToastKind = FormOutcome;

/**
 * The page a form posted without JavaScript lands on for each outcome, with the same texts as the
 * toast: the function redirects there (under the visitor's language prefix), and one route builds all
 * three in every language.
 */
export const RESULT_PAGES = {
  success: { path: "/contact/sent" },
  rateLimited: { path: "/contact/too-many" },
  error: { path: "/contact/error" },
} as const satisfies Record<ToastKind, { path: `/contact/${string}` }>;

/** What the contact form island is given from the page's dictionary: plain texts, sent with the page. */
export interface ContactFormTexts {
  forms: Dictionary["forms"];
  form: Dictionary["contact"]["form"];
  toasts: Dictionary["contact"]["toasts"];
}
