import type { FinishOption } from "../../src/features/samples/catalogue";
import { SAMPLE_RESULT_PAGES } from "../../src/features/samples/messages";
import {
  fromFormPost,
  type SampleRequest,
  sampleFieldErrors,
  sampleRequestSchema,
} from "../../src/features/samples/schema";
import { en } from "../../src/i18n/dictionaries/en";
import type { Locale } from "../../src/i18n/locales";
import { type ContactDeps, formRateLimiter, RATE_LIMIT_MESSAGE } from "./contact-handler";
import { createFormHandler, type FormSpec } from "./form-handler";
import type { Submission } from "./inbox/submission-schema";

export interface SamplesDeps extends ContactDeps {
  /** The finishes that exist, by key (see samples/catalogue.ts). */
  catalogue: () => Promise<Map<string, FinishOption>>;
}

type Checked = SampleRequest & { chosen: FinishOption[] };

function toSampleSubmission(request: Checked, id: string, createdAt: Date, language: Locale): Submission {
  return {
    kind: "samples",
    id,
    created_at: createdAt.toISOString(),
    name: request.name,
    email: request.email,
    phone: request.phone,
    company: request.company,
    message: "",
    language,
    address: request.address,
    finishes: request.chosen.map((f) => ({ key: f.key, product: f.productName, name: f.name })),
  };
}

/**
 * POST /api/request-samples: up to four finishes sent to an address in the shipping area, stored in
 * the inbox as a submission of kind "samples". Answers like the contact form, under the same rate
 * limit per client IP.
 */
/** The server checks with the English messages; the browser showed the visitor's own. */
const SampleRequestSchema = sampleRequestSchema({ ...en.forms.validation, ...en.samples.form });

export function createSamplesHandler(deps: SamplesDeps) {
  const samplesForm: FormSpec<Checked> = {
    label: "sample request",
    pages: {
      success: SAMPLE_RESULT_PAGES.success.path,
      rateLimited: SAMPLE_RESULT_PAGES.rateLimited.path,
      error: SAMPLE_RESULT_PAGES.error.path,
    },
    fromForm: fromFormPost,
    async parse(payload) {
      const parsed = SampleRequestSchema.safeParse(payload);
      if (!parsed.success) {
        const fields = sampleFieldErrors(parsed.error);
        return fields.website
          ? { ok: false, code: "bot_detected", fields: {} }
          : { ok: false, code: "invalid_fields", fields };
      }
      const catalogue = await deps.catalogue();
      const unknown = parsed.data.finishes.filter((key) => !catalogue.has(key));
      if (unknown.length > 0) {
        return { ok: false, code: "invalid_fields", fields: { finishes: `Unknown finish: ${unknown.join(", ")}` } };
      }
      const chosen = parsed.data.finishes.map((key) => catalogue.get(key) as FinishOption);
      return { ok: true, value: { ...parsed.data, chosen } };
    },
    toSubmission: toSampleSubmission,
    rateLimitMessage: RATE_LIMIT_MESSAGE,
  };
  return createFormHandler({ ...deps, limiter: formRateLimiter(deps) }, samplesForm);
}
