import { type AkismetConfig, akismetCheck } from "./akismet";
import { type LearnedInput, type LearnedModel, readable, spamProbability, strongestFeatures } from "./learned";
import type { ModelSource } from "./model-source";
import { checkProof, type ProofDeps } from "./proof";
import { counted, type DeliveryLog, repeatReason } from "./repeat-address";
import { type ProofState, SPAM_THRESHOLD, scoreEnquiry } from "./rules";
import type { SpamReason, SpamVerdict } from "./verdict";

/** What the spam check reads of an enquiry: the form's text fields, its kind and its language. */
export interface EnquiryText {
  /** Absent on a contact message. */
  kind?: "contact" | "samples" | undefined;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  /** The contact form's message; empty or absent on a sample request. */
  message?: string | null | undefined;
  /** A sample request's delivery address. */
  address?: { street: string; postal_code: string; city: string } | null | undefined;
  /** A sample request's finishes: their keys ("felt-panels/moss"), or as stored, with their keys. */
  finishes?: (string | { key: string })[] | null | undefined;
  /** The language of the page the visitor wrote from (English when absent). */
  language?: string | undefined;
}

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
  /** The record of recent sample requests per delivery address (see repeat-address.ts); without it no such check. */
  deliveries?: DeliveryLog | undefined;
  log?: ((message: string, error?: unknown) => void) | undefined;
}

/** The spam check of one accepted post: its verdict when it is spam, null when it is not. */
export type SpamCheck = (enquiry: EnquiryText, post: PostFacts) => Promise<SpamVerdict | null>;

/** From this probability the learned filter files an enquiry as spam by itself. */
export const LEARNED_SPAM = 0.8;
/** From this probability the learned filter files an enquiry when a content rule found something too. */
export const LEARNED_CORROBORATED = 0.7;
/** Under this probability the learned filter speaks for the enquiry: the rules alone do not file it. */
export const LEARNED_DOUBT = 0.2;
/**
 * A contact message of fewer words says too little for the learned filter to file it alone ("Price
 * list please?", a name and a word): it then needs a content rule's support, or a link of its own.
 */
export const THIN_MESSAGE_WORDS = 8;
/** A sample request has no message, and the learned filter reads little of it: it files one alone from this. */
export const LEARNED_SPAM_SAMPLES = 0.9;

/** A web address in a message, written as one or spelt out ("shop dot example"). */
const LINK =
  /https?:\/\/|www\.|\b[\p{L}\d-]+\.[a-z]{2,}\/|\b[\p{L}\d-]+\.(?:com|net|org|io|ru|shop|site|online|example)\b/iu;

/** The probability from which the learned filter files this enquiry alone (never, for a thin message without a link). */
function aloneFrom(enquiry: EnquiryText): number {
  if (enquiry.kind === "samples") return LEARNED_SPAM_SAMPLES;
  const message = enquiry.message ?? "";
  const words = message.split(/\s+/u).filter(Boolean).length;
  return words >= THIN_MESSAGE_WORDS || LINK.test(readable(message)) ? LEARNED_SPAM : Number.POSITIVE_INFINITY;
}

/** A sample request's finishes as their keys ("felt-panels/moss"). */
export const finishKeys = (enquiry: EnquiryText): string[] | null =>
  enquiry.finishes?.map((finish) => (typeof finish === "string" ? finish : finish.key)) ?? null;

/** What the learned filter reads of an enquiry. */
export const learnedInput = (enquiry: EnquiryText): LearnedInput => ({
  kind: enquiry.kind ?? "contact",
  name: enquiry.name,
  email: enquiry.email,
  company: enquiry.company,
  phone: enquiry.phone,
  message: enquiry.message || null,
  address: enquiry.address ?? null,
  finishes: finishKeys(enquiry),
});

/** The proof of work's reasons: they never tip a verdict that the content does not carry. */
const PROOF_RULES = new Set(["no-proof", "stale-proof", "bad-proof"]);

/**
 * The points the learned filter adds to the rules' `score`, of which `content` the content rules gave;
 * from `alone` it files the enquiry by itself (see aloneFrom).
 */
function learnedPoints(probability: number, score: number, content: number, alone: number): number {
  // Decides alone, or with a content rule behind it: whatever the rules found, the total reaches the threshold.
  if (probability >= alone || (probability >= LEARNED_CORROBORATED && content > 0))
    return Math.max(SPAM_THRESHOLD, SPAM_THRESHOLD - score);
  // Strong evidence for the enquiry outweighs the rules: when in doubt, the inbox wins.
  return probability < LEARNED_DOUBT ? Math.min(0, SPAM_THRESHOLD - 1 - score) : 0;
}

/** The learned filter's reason: its probability and the n-grams that weighed most towards spam. */
function learnedReason(probability: number, strongest: string[], rules: SpamReason[], alone: number): SpamReason {
  const percent = Math.round(probability * 100);
  const weighed = strongest.length > 0 ? `; weighed most: ${strongest.map((f) => `“${f}”`).join(", ")}` : "";
  const content = total(rules.filter((reason) => !PROOF_RULES.has(reason.rule)));
  const points = learnedPoints(probability, total(rules), content, alone);
  return { rule: "learned", points, detail: `the learned filter: ${percent}% spam${weighed}` };
}

/**
 * The spam defence of the public forms, one verdict from several checks: the proof of work, the
 * content rules, the learned filter (see learned.ts), for a sample request the repeat-address check
 * (see repeat-address.ts), and Akismet when it is configured and the others did not decide. The
 * learned filter files an enquiry alone from LEARNED_SPAM, and from LEARNED_CORROBORATED when a
 * content rule found something too; the rules file it unless the learned filter finds it under
 * LEARNED_DOUBT. A post whose score reaches SPAM_THRESHOLD is spam: the verdict holds every reason,
 * the learned filter's strongest n-grams among them. Nothing is ever dropped: what happens to a post
 * filed as spam is the inbox's to decide.
 */
export function spamCheck(deps: ScreenDeps): SpamCheck {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ""));
  return async (enquiry, post) => {
    const proof = await checkProof(post.proof, { ...deps.proof, log });
    const model = (await deps.learned?.().catch(() => null)) ?? null;
    const reasons = contentReasons(enquiry, proof, model);
    const repeat = await repeatCheck(deps.deliveries, enquiry, log);
    if (repeat) reasons.push(repeat);
    if (total(reasons) < SPAM_THRESHOLD && deps.akismet) {
      const akismet = await akismetVerdict(deps.akismet, enquiry, post);
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
    return score < SPAM_THRESHOLD ? null : { score, reasons };
  };
}

/**
 * What the checks that need no network say of an enquiry: the rules' reasons (the proof of work's
 * among them) and the learned filter's, when there is a model. Spam from a total of SPAM_THRESHOLD.
 */
export function contentReasons(enquiry: EnquiryText, proof: ProofState, model: LearnedModel | null): SpamReason[] {
  const input = learnedInput(enquiry);
  const scored = scoreEnquiry({ ...input, phone: enquiry.phone, address: enquiry.address ?? null, proof });
  const reasons = [...scored.reasons];
  if (model) {
    reasons.push(
      learnedReason(spamProbability(model, input), strongestFeatures(model, input), scored.reasons, aloneFrom(enquiry)),
    );
  }
  return reasons;
}

/** How long the repeat-address check may take: past it the other checks decide. */
export const DELIVERY_CHECK_MS = 1_500;

/**
 * The repeat-address check of a private sample request: notes it at its address, and gives its reason
 * when the address has had too many requesters. A record that does not answer in DELIVERY_CHECK_MS
 * costs the check, never the post.
 */
async function repeatCheck(
  deliveries: DeliveryLog | undefined,
  enquiry: EnquiryText,
  log: (message: string, error?: unknown) => void,
): Promise<SpamReason | null> {
  const address = enquiry.address;
  if (!deliveries || enquiry.kind !== "samples" || !address) return null;
  const request = { ...enquiry, company: enquiry.company, address, finishes: finishKeys(enquiry) };
  if (!counted(request)) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DELIVERY_CHECK_MS} ms`)), DELIVERY_CHECK_MS);
  });
  try {
    return repeatReason(await Promise.race([deliveries(request), late]));
  } catch (error) {
    log("the delivery address record did not answer; the other checks decide", error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export const total = (reasons: SpamReason[]) => reasons.reduce((sum, reason) => sum + reason.points, 0);

/** Akismet's verdict on one post. */
function akismetVerdict(config: AkismetConfig, enquiry: EnquiryText, post: PostFacts) {
  return akismetCheck(config, {
    ip: post.ip,
    userAgent: post.userAgent,
    referrer: post.referrer,
    name: enquiry.name,
    email: enquiry.email,
    content: [enquiry.message, ...(enquiry.address ? [enquiry.address.street, enquiry.address.city] : [])]
      .filter(Boolean)
      .join("\n"),
    language: enquiry.language ?? "en",
  });
}
