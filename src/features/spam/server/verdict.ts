import * as z from "../../../lib/zod-mini";

/** One reason the spam defence gave an enquiry points, as stored with it and shown to staff. */
export const SpamReasonSchema = z.strictObject({
  /** The rule's name: "links", "seo", "no-proof", "akismet", … */
  rule: z.string(),
  /** What it added to the score (a negative number for what speaks for the enquiry). */
  points: z.number(),
  /** What it found, in words: `says "backlinks"`, `3 links`. */
  detail: z.string(),
});
export type SpamReason = z.infer<typeof SpamReasonSchema>;

/** The spam defence's verdict on one enquiry filed as spam: its score and every reason for it. */
export const SpamVerdictSchema = z.strictObject({
  score: z.number(),
  reasons: z.array(SpamReasonSchema),
});
export type SpamVerdict = z.infer<typeof SpamVerdictSchema>;
