import { z } from "../../lib/zod";

/** Field limits from the product specification (section 9). */
export const CONTACT_LIMITS = { name: 100, email: 255, company: 100, phone: 20, message: 1000 } as const;

/** Trims strings; an empty or missing optional field becomes null. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

/**
 * The contact form, validated identically in the browser and in the submit-contact-form function.
 * Messages are the specification's (section 5), shown next to their fields.
 */
export const ContactSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(CONTACT_LIMITS.name, "Name must be less than 100 characters"),
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(CONTACT_LIMITS.email, "Email must be less than 255 characters")
    .pipe(z.email("Invalid email address")),
  company: optionalText(CONTACT_LIMITS.company, "Company name must be less than 100 characters"),
  phone: optionalText(CONTACT_LIMITS.phone, "Phone number must be less than 20 characters"),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(CONTACT_LIMITS.message, "Message must be less than 1000 characters"),
  /** Honeypot: hidden from people, so anything in it came from a bot. */
  website: z.string({ error: "Bot detected" }).max(0, "Bot detected").nullish(),
});

export type ContactInput = z.input<typeof ContactSchema>;
export type Contact = z.output<typeof ContactSchema>;
export type ContactField = keyof Contact;

/** Field messages from a failed parse, the first message per field. */
export function fieldErrors(error: z.ZodError): Partial<Record<ContactField, string>> {
  const result: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && field in ContactSchema.shape && !(field in result)) {
      result[field as ContactField] = issue.message;
    }
  }
  return result;
}

/** A stored contact submission, as the admin list reads it. */
export const SubmissionSchema = z.strictObject({
  id: z.uuid(),
  created_at: z.iso.datetime(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  message: z.string(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

/** The texts the visitor sees after a submission (section 8). */
export const CONTACT_TOASTS = {
  success: { title: "Thank you! Your message has been sent.", description: "We'll get back to you within 24 hours." },
  rateLimited: {
    title: "Too many submissions",
    description: "Please wait before submitting another message. Limit: 3 submissions per hour.",
  },
  error: { title: "Error sending message", description: "Please try again or contact us directly." },
} as const;

/** The error catalogue's rule: a message mentioning the limit or 429 is the rate-limit toast. */
export const isRateLimitMessage = (message: string) =>
  message.includes("Too many submissions") || message.includes("429");
