import type { FormOutcome } from "../../lib/form-outcome";
import { CONTACT_RATE_LIMIT } from "./schema";

/** The toasts a visitor sees after sending the contact form. */
export const CONTACT_TOASTS = {
  success: { title: "Thank you! Your message has been sent.", description: "We'll get back to you within 24 hours." },
  rateLimited: {
    title: "Too many submissions",
    description: `Please wait before submitting another message. Limit: ${CONTACT_RATE_LIMIT.limit} submissions per hour.`,
  },
  error: { title: "Error sending message", description: "Please try again or contact us directly." },
} as const satisfies Record<FormOutcome, { title: string; description: string }>;

export type ToastKind = FormOutcome;

/**
 * The page a form posted without JavaScript lands on for each outcome, with the same texts as the
 * toast: the function redirects there, and one route builds all three.
 */
export const RESULT_PAGES = {
  success: { path: "/contact/sent", title: "Message sent" },
  rateLimited: { path: "/contact/too-many", title: "Too many submissions" },
  error: { path: "/contact/error", title: "Message not sent" },
} as const satisfies Record<ToastKind, { path: `/contact/${string}`; title: string }>;
