import type { Submission } from "../../inbox/server/submission-schema";
import { type AkismetConfig, akismetCheck } from "./akismet";
import { checkProof, type ProofDeps } from "./proof";
import { SPAM_THRESHOLD, scoreEnquiry } from "./rules";

/** What a post tells besides its fields. */
export interface PostFacts {
  /** The form's `altcha` field as posted (absent without JavaScript). */
  proof: unknown;
  ip: string;
  userAgent: string;
  referrer: string;
}

export interface ScreenDeps {
  proof: ProofDeps;
  /** Set when AKISMET_API_KEY is (see akismetConfig). */
  akismet?: AkismetConfig | null | undefined;
  log?: ((message: string, error?: unknown) => void) | undefined;
}

/** How a form's shell screens each accepted post before it is stored. */
export type Screen = (submission: Submission, post: PostFacts) => Promise<Submission>;

/**
 * The spam defence of the public forms: the proof of work, the content rules, and Akismet when it is
 * configured and the rules alone did not decide. A post whose score reaches SPAM_THRESHOLD is stored
 * with status "spam", its verdict and its notification withheld; any other is stored as it came, with
 * nothing of the screening kept. Nothing is ever dropped.
 */
export function spamScreen(deps: ScreenDeps): Screen {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ""));
  return async (submission, post) => {
    const proof = await checkProof(post.proof, { ...deps.proof, log });
    const scored = scoreEnquiry({
      name: submission.name,
      email: submission.email,
      company: submission.company,
      phone: submission.phone,
      message: submission.message || null,
      address: submission.address ?? null,
      proof,
    });
    const reasons = [...scored.reasons];
    if (!scored.spam && deps.akismet) {
      const akismet = await akismetCheck(deps.akismet, {
        ip: post.ip,
        userAgent: post.userAgent,
        referrer: post.referrer,
        name: submission.name,
        email: submission.email,
        content: [
          submission.message,
          ...(submission.address ? [submission.address.street, submission.address.city] : []),
        ]
          .filter(Boolean)
          .join("\n"),
        language: submission.language ?? "en",
      });
      if (akismet.verdict === "spam") {
        reasons.push({
          rule: "akismet",
          points: SPAM_THRESHOLD,
          detail: akismet.discard ? "Akismet calls it blatant spam" : "Akismet calls it spam",
        });
      } else if (akismet.verdict === "unknown") {
        log(`Akismet gave no verdict (${akismet.why}); the content rules alone decide`);
      }
    }
    const score = reasons.reduce((sum, reason) => sum + reason.points, 0);
    if (score < SPAM_THRESHOLD) return submission;
    return { ...submission, status: "spam", spam: { score, reasons }, withheld: true };
  };
}
