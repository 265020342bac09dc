import type { Dictionary } from "../../i18n/dictionary";
import { LANGUAGE_PARAMS } from "../../i18n/locales";
import { apiError } from "../../lib/api-error";

/** How a public form's submission ended, as the visitor is told: one toast (or result page) each. */
export type FormOutcome = "success" | "rateLimited" | "error";

/** The texts every public form's island is given from the page's dictionary, besides its own. */
export interface PublicFormTexts {
  forms: Dictionary["forms"];
  /** Each outcome's toast, and the line naming the reference of an accepted post (`{reference}`). */
  toasts: Record<FormOutcome, { title: string; description: string }> & { reference: string };
}

/**
 * The pages a form posted without JavaScript lands on, one per outcome, with the same texts as the
 * toasts: the function redirects there (under the visitor's language prefix), and one route of the
 * form builds all three in every language. `/contact` gives `/contact/sent`, `/contact/too-many` and
 * `/contact/error`.
 */
export const resultPages = <Base extends string>(base: Base) =>
  ({
    success: { path: `${base}/sent` },
    rateLimited: { path: `${base}/too-many` },
    error: { path: `${base}/error` },
  }) as const satisfies Record<FormOutcome, { path: string }>;

export type ResultPages = Record<FormOutcome, { path: string }>;

/**
 * Which toast a submission's answer calls for, by the error's code: the rate limit has its own toast,
 * every other failure (invalid fields, storage down, no answer at all) the general error toast.
 */
export function toastForResponse(status: number, body: unknown): FormOutcome {
  if (status === 201) return "success";
  return apiError(body)?.code === "rate_limited" || status === 429 ? "rateLimited" : "error";
}

/** The result pages of a form in every language, for a route's getStaticPaths: `/contact/sent` etc. */
export function resultPagePaths(pages: ResultPages) {
  return LANGUAGE_PARAMS.flatMap(({ lang }) =>
    (Object.keys(pages) as FormOutcome[]).map((kind) => ({
      params: { lang, result: pages[kind].path.split("/").pop() },
      props: { kind },
    })),
  );
}
