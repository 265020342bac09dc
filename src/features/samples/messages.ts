import type { Dictionary } from "../../i18n/dictionary";
import type { FormOutcome } from "../../lib/form-outcome";

export type SampleToastKind = FormOutcome;

/**
 * The page a form posted without JavaScript lands on for each outcome, with the toast's texts (under
 * the visitor's language prefix).
 */
export const SAMPLE_RESULT_PAGES = {
  success: { path: "/samples/sent" },
  rateLimited: { path: "/samples/too-many" },
  error: { path: "/samples/error" },
} as const satisfies Record<SampleToastKind, { path: `/samples/${string}` }>;

/** What the sample form island is given from the page's dictionary: plain texts, sent with the page. */
export interface SampleFormTexts {
  forms: Dictionary["forms"];
  form: Dictionary["samples"]["form"];
  toasts: Dictionary["samples"]["toasts"];
}
