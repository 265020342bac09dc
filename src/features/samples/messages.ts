import type { Dictionary } from "../../i18n/dictionary";
import { type PublicFormTexts, resultPages } from "../forms/outcome";

/**
 * Where the sample form posted without JavaScript lands: /samples/sent (its reference after it,
 * /samples/sent/AA-7K3Q), /samples/too-many, /samples/error.
 */
export const SAMPLE_RESULT_PAGES = resultPages("/samples");

/** What the sample form island is given from the page's dictionary: plain texts, sent with the page. */
export interface SampleFormTexts extends PublicFormTexts {
  form: Dictionary["samples"]["form"];
}
