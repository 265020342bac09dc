import { LANGUAGE_PARAMS } from "../i18n/locales";
import { apiError } from "./api-error";

/** How a public form's submission ended, as the visitor is told: one toast (or result page) each. */
export type FormOutcome = "success" | "rateLimited" | "error";

/**
 * Which toast a submission's answer calls for, by the error's code: the rate limit has its own toast,
 * every other failure (invalid fields, storage down, no answer at all) the general error toast.
 */
export function toastForResponse(status: number, body: unknown): FormOutcome {
  if (status === 201) return "success";
  return apiError(body)?.code === "rate_limited" || status === 429 ? "rateLimited" : "error";
}

/** The result pages of a form in every language, for a route's getStaticPaths: `/contact/sent` etc. */
export function resultPagePaths(pages: Record<FormOutcome, { path: string }>) {
  return LANGUAGE_PARAMS.flatMap(({ lang }) =>
    (Object.keys(pages) as FormOutcome[]).map((kind) => ({
      params: { lang, result: pages[kind].path.split("/").pop() },
      props: { kind },
    })),
  );
}
