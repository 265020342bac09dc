import { en } from "../../../i18n/dictionaries/en";
import type { Locale } from "../../../i18n/locales";
import type { FormSpec } from "../../forms/server/handler";
import type { Enquiry } from "../../inbox/server/enquiry-schema";
import { type IntakeDeps, intakeHandler } from "../../inbox/server/intake";
import type { FinishOption } from "../catalogue";
import { SAMPLE_RESULT_PAGES } from "../messages";
import { fromFormPost, type SampleRequest, sampleFieldErrors, sampleRequestSchema } from "../schema";

export interface SamplesDeps extends IntakeDeps {
  /** The finishes that exist, by key (see samples/catalogue.ts). */
  catalogue: () => Promise<Map<string, FinishOption>>;
}

type Checked = SampleRequest & { chosen: FinishOption[] };

function toSampleEnquiry(request: Checked, id: string, createdAt: Date, language: Locale): Enquiry {
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

/** The server checks with the English messages; the browser showed the visitor's own. */
const SampleRequestSchema = sampleRequestSchema({ ...en.forms.validation, ...en.samples.form });

/**
 * The sample request as the public-form shell takes it: up to four finishes, each checked against
 * the product files, sent to an address in the shipping area, stored as a submission of kind "samples".
 */
export function samplesForm(catalogue: () => Promise<Map<string, FinishOption>>): FormSpec<Checked, Enquiry> {
  return {
    label: "sample request",
    pages: SAMPLE_RESULT_PAGES,
    fromForm: fromFormPost,
    async parse(payload) {
      const parsed = SampleRequestSchema.safeParse(payload);
      if (!parsed.success) {
        const fields = sampleFieldErrors(parsed.error);
        return fields.website
          ? { ok: false, code: "bot_detected", fields: {} }
          : { ok: false, code: "invalid_fields", fields };
      }
      const finishes = await catalogue();
      const unknown = parsed.data.finishes.filter((key) => !finishes.has(key));
      if (unknown.length > 0) {
        return { ok: false, code: "invalid_fields", fields: { finishes: `Unknown finish: ${unknown.join(", ")}` } };
      }
      const chosen = parsed.data.finishes.map((key) => finishes.get(key) as FinishOption);
      return { ok: true, value: { ...parsed.data, chosen } };
    },
    toEnquiry: toSampleEnquiry,
  };
}

/**
 * POST /api/request-samples: answers like the contact form, under the same rate limit per client IP.
 */
export const createSamplesHandler = (deps: SamplesDeps) => intakeHandler(deps, samplesForm(deps.catalogue));
