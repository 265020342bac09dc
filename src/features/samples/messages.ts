import { FORM_RATE_LIMIT } from "../../lib/form-schema";

/** The toasts a visitor sees after sending the sample request form. */
export const SAMPLE_TOASTS = {
  success: {
    title: "Thank you! Your sample request has been sent.",
    description: "We post samples within two working days and email you when they are on their way.",
  },
  rateLimited: {
    title: "Too many submissions",
    description: `Please wait before sending another request. Limit: ${FORM_RATE_LIMIT.limit} submissions per hour, shared with the contact form.`,
  },
  error: { title: "Error sending request", description: "Please try again or contact us directly." },
} as const;

export type SampleToastKind = keyof typeof SAMPLE_TOASTS;

/** The page a form posted without JavaScript lands on for each outcome, with the toast's texts. */
export const SAMPLE_RESULT_PAGES = {
  success: { path: "/samples/sent", title: "Sample request sent" },
  rateLimited: { path: "/samples/too-many", title: "Too many sample requests" },
  error: { path: "/samples/error", title: "Sample request not sent" },
} as const satisfies Record<SampleToastKind, { path: `/samples/${string}`; title: string }>;
