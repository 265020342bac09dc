import type { Submission } from "../../inbox/server/submission-schema";
import { type AkismetConfig, akismetCheck } from "./akismet";
import { type LearnedInput, type LearnedModel, spamProbability, strongestFeatures } from "./learned";
import type { ModelSource } from "./model-source";
import { checkProof, type ProofDeps } from "./proof";
import { type ProofState, SPAM_THRESHOLD, scoreEnquiry } from "./rules";
import type { SpamReason } from "./verdict";

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
  /** The learned classifier's model (see model-source.ts); without one the rules decide alone. */
  learned?: ModelSource | undefined;
  log?: ((message: string, error?: unknown) => void) | undefined;
}

/** How a form's shell screens each accepted post before it is stored. */
export type Screen = (submission: Submission, post: PostFacts) => Promise<Submission>;

/** From this probability the learned filter files an enquiry as spam by itself. */
export const LEARNED_SPAM = 0.9;
/** From this probability the learned filter files an enquiry when a content rule found something too. */
export const LEARNED_CORROBORATED = 0.6;
/** Under this probability the learned filter speaks for the enquiry: the rules alone do not file it. */
export const LEARNED_DOUBT = 0.2;

/** What the learned filter reads of a stored enquiry. */
export const learnedInput = (submission: Submission): LearnedInput => ({
  kind: submission.kind ?? "contact",
  name: submission.name,
  email: submission.email,
  company: submission.company,
  phone: submission.phone,
  message: submission.message || null,
  address: submission.address ?? null,
});

/** The proof of work's reasons: they never tip a verdict that the content does not carry. */
const PROOF_RULES = new Set(["no-proof", "stale-proof", "bad-proof"]);

/** The points the learned filter adds to the rules' `score`, of which `content` the content rules gave. */
function learnedPoints(probability: number, score: number, content: number): number {
  // Decides alone, or with a content rule behind it: whatever the rules found, the total reaches the threshold.
  if (probability >= LEARNED_SPAM || (probability >= LEARNED_CORROBORATED && content > 0))
    return Math.max(SPAM_THRESHOLD, SPAM_THRESHOLD - score);
  // Strong evidence for the enquiry outweighs the rules: when in doubt, the inbox wins.
  return probability < LEARNED_DOUBT ? Math.min(0, SPAM_THRESHOLD - 1 - score) : 0;
}

/** The learned filter's reason: its probability and the n-grams that weighed most towards spam. */
function learnedReason(probability: number, strongest: string[], rules: SpamReason[]): SpamReason {
  const percent = Math.round(probability * 100);
  const weighed = strongest.length > 0 ? `; weighed most: ${strongest.map((f) => `“${f}”`).join(", ")}` : "";
  const content = total(rules.filter((reason) => !PROOF_RULES.has(reason.rule)));
  const points = learnedPoints(probability, total(rules), content);
  return { rule: "learned", points, detail: `the learned filter: ${percent}% spam${weighed}` };
}

/**
 * The spam defence of the public forms, one verdict from several checks: the proof of work, the
 * content rules, the learned filter (see learned.ts) and Akismet when it is configured and the others
 * did not decide. The learned filter files an enquiry alone from LEARNED_SPAM, and from
 * LEARNED_CORROBORATED when a content rule found something too; the rules file it unless the learned
 * filter finds it under LEARNED_DOUBT. A post whose score reaches SPAM_THRESHOLD is
 * stored with status "spam", its verdict (every reason, the learned filter's strongest n-grams among
 * them) and its notification withheld; any other is stored as it came, with nothing of the screening
 * kept. Nothing is ever dropped.
 */
export function spamScreen(deps: ScreenDeps): Screen {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ""));
  return async (submission, post) => {
    const proof = await checkProof(post.proof, { ...deps.proof, log });
    const model = (await deps.learned?.().catch(() => null)) ?? null;
    const reasons = contentReasons(submission, proof, model);
    if (total(reasons) < SPAM_THRESHOLD && deps.akismet) {
      const akismet = await akismetVerdict(deps.akismet, submission, post);
      if (akismet.verdict === "spam") {
        reasons.push({
          rule: "akismet",
          points: SPAM_THRESHOLD,
          detail: akismet.discard ? "Akismet calls it blatant spam" : "Akismet calls it spam",
        });
      } else if (akismet.verdict === "unknown") {
        log(`Akismet gave no verdict (${akismet.why}); the other checks decide`);
      }
    }
    const score = total(reasons);
    if (score < SPAM_THRESHOLD) return submission;
    return { ...submission, status: "spam", spam: { score, reasons }, withheld: true };
  };
}

/**
 * What the checks that need no network say of an enquiry: the rules' reasons (the proof of work's
 * among them) and the learned filter's, when there is a model. Spam from a total of SPAM_THRESHOLD.
 */
export function contentReasons(submission: Submission, proof: ProofState, model: LearnedModel | null): SpamReason[] {
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
  if (model) {
    const input = learnedInput(submission);
    reasons.push(learnedReason(spamProbability(model, input), strongestFeatures(model, input), scored.reasons));
  }
  return reasons;
}

export const total = (reasons: SpamReason[]) => reasons.reduce((sum, reason) => sum + reason.points, 0);

/** Akismet's verdict on one post. */
function akismetVerdict(config: AkismetConfig, submission: Submission, post: PostFacts) {
  return akismetCheck(config, {
    ip: post.ip,
    userAgent: post.userAgent,
    referrer: post.referrer,
    name: submission.name,
    email: submission.email,
    content: [submission.message, ...(submission.address ? [submission.address.street, submission.address.city] : [])]
      .filter(Boolean)
      .join("\n"),
    language: submission.language ?? "en",
  });
}
