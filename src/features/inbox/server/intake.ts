import type { Context } from "@netlify/functions";
import { type Env, isDeployed, rateLimitSalt, siteOrigins } from "../../../../netlify/lib/env";
import { createRateLimiter } from "../../../../netlify/lib/rate-limit";
import {
  type BlobStore,
  lazyStore,
  POST_STORAGE_BUDGET_MS,
  STORES,
  withStorageBudget,
} from "../../../../netlify/lib/storage";
import {
  type Accept,
  createFormHandler,
  type FormSpec,
  formRateLimiter,
  refuseUnconfigured,
} from "../../forms/server/handler";
import { akismetConfig } from "../../spam/server/akismet";
import { modelSource } from "../../spam/server/model-source";
import { altchaKey } from "../../spam/server/proof";
import { blobDeliveryLog } from "../../spam/server/repeat-address";
import type { Enquiry } from "./enquiry-schema";
import { MaybeStoredError, saveIndexedEnquiry } from "./enquiry-store";
import { type ContactNotifier, siteNotifier } from "./notify";
import { type Screen, spamScreen } from "./spam-screen";

/** What a public form's handler needs to put its posts into the inbox. */
export interface IntakeDeps {
  submissions: BlobStore;
  /** The inbox index (contact-index): the functions always pass it; without it a submission is stored alone. */
  index?: BlobStore | undefined;
  /** The rate-limit records every public form shares, and the secret their keys are hashed with. */
  rateLimits: BlobStore;
  salt: string;
  /** Queues and sends the notification mail of each stored submission (see ./notify). */
  notifier?: ContactNotifier | undefined;
  /**
   * Mails each visitor a confirmation through the notifier too (the deployed forms do): not for a post
   * filed as spam, and at most one per address per hour (CONFIRMATION_LIMIT, in the rate-limit store).
   */
  confirmVisitors?: boolean | undefined;
  /** The spam defence (see src/features/spam); without it every post is stored as new. */
  screen?: Screen | undefined;
  allowedOrigins?: readonly string[] | undefined;
  now?: (() => number) | undefined;
  newId?: (() => string) | undefined;
  log?: ((message: string, error?: unknown) => void) | undefined;
}

/** At most one confirmation mail per address per hour: the address is not verified, so it is rationed. */
export const CONFIRMATION_LIMIT = { limit: 1, windowMs: 60 * 60 * 1000 } as const;

/** A confirmation queued for a submission about to be stored, and how to take it back. */
interface QueuedConfirmation {
  queued: boolean;
  undo: () => Promise<void>;
}

type AcceptDeps = Pick<
  IntakeDeps,
  "submissions" | "index" | "notifier" | "log" | "confirmVisitors" | "rateLimits" | "salt" | "now"
>;

/**
 * Reserves the address's hourly confirmation and queues the mail, for a submission about to be
 * stored: nothing for a post filed as spam, or when the address had its confirmation within the hour.
 * A failure here costs the visitor their confirmation, never their post.
 */
async function queueConfirmation(deps: AcceptDeps, submission: Enquiry): Promise<QueuedConfirmation | null> {
  const notifier = deps.notifier;
  if (!deps.confirmVisitors || !notifier || submission.withheld) return null;
  const limiter = createRateLimiter({
    store: deps.rateLimits,
    salt: deps.salt,
    now: deps.now ?? Date.now,
    ...CONFIRMATION_LIMIT,
  });
  try {
    const slot = await limiter.reserve(`mail:${submission.email.trim().toLowerCase()}`);
    if (!slot.allowed) return null;
    const queued = await notifier.queue(submission, "confirmation");
    return {
      queued,
      undo: async () => {
        if (queued) await notifier.unqueue(submission, "confirmation");
        await slot.release().catch((error: unknown) => deps.log?.("could not release a confirmation slot", error));
      },
    };
  } catch (error) {
    deps.log?.(`no confirmation for ${submission.id}: the rate-limit store did not answer`, error);
    return null;
  }
}

/**
 * How an accepted post enters the inbox. The outbox entry goes first, so a stored submission always
 * has one until its mail is sent; when storing fails the entry is taken back. A failed first outbox
 * write gets a second try after the store, and the mail itself never delays the answer. A post filed
 * as spam is stored without any of it: its mail is withheld until staff call it "Not spam".
 */
export function inboxAccept(deps: AcceptDeps): Accept<Enquiry> {
  return async (submission, later) => {
    const notifier = submission.withheld ? undefined : deps.notifier;
    const queued = (await notifier?.queue(submission)) ?? false;
    const confirmation = await queueConfirmation(deps, submission);
    let kept: boolean;
    try {
      kept = await saveIndexedEnquiry(deps, submission);
    } catch (error) {
      // Only an enquiry surely not stored loses its entries; one whose write may have landed keeps
      // them, and the outbox's drain mails it, or removes the entries once it is sure nothing came.
      if (!(error instanceof MaybeStoredError)) {
        if (queued) await notifier?.unqueue(submission);
        await confirmation?.undo();
      }
      throw error;
    }
    // Erased as it was stored (see saveIndexedEnquiry): nothing is left of it, its mails included.
    if (!kept) {
      if (queued) await notifier?.unqueue(submission);
      await confirmation?.undo();
      return;
    }
    if (notifier) {
      const retried = queued || (await notifier.queue(submission));
      const mails = [notifier.deliver(submission, retried)];
      if (confirmation) mails.push(notifier.deliver(submission, confirmation.queued, "confirmation"));
      later(Promise.all(mails));
    }
  };
}

/** A public form's POST handler whose posts go to the inbox, under the forms' shared rate limit. */
export function intakeHandler<T>(deps: IntakeDeps, spec: FormSpec<T, Enquiry>) {
  return createFormHandler({ ...deps, accept: inboxAccept(deps), limiter: formRateLimiter(deps) }, spec);
}

/** A public form's function: how the platform's request reaches the form's handler. */
export interface PublicForm<T> {
  /** The function's name, for its logs. */
  fn: string;
  /** "contact form": how a refusal names it. */
  label: string;
  /** The form's spec; made once per instance, on the first request that needs it. */
  spec: () => FormSpec<T, Enquiry>;
}

/**
 * The entry of a public form's Netlify function: the site's stores, its notifier and its origins.
 * Deployed without a usable RATE_LIMIT_SALT or ALTCHA_HMAC_KEY it accepts nothing and says why in
 * every log line.
 */
export function publicFormFunction<T>(form: PublicForm<T>, env: Env = process.env) {
  const allowedOrigins = siteOrigins(env);
  let handler: ReturnType<typeof intakeHandler<T>> | undefined;
  return async (request: Request, context: Context): Promise<Response> => {
    const salt = rateLimitSalt(env, context);
    if (salt.salt === null) {
      const spec = form.spec();
      return refuseUnconfigured(request, salt.problem, { ...form, errorPage: spec.pages.error.path });
    }
    const proofKey = altchaKey(env, context);
    if (proofKey.key === null) {
      const spec = form.spec();
      return refuseUnconfigured(request, proofKey.problem, { ...form, errorPage: spec.pages.error.path });
    }
    handler ??= intakeHandler(
      {
        submissions: lazyStore(STORES.submissions),
        index: lazyStore(STORES.index),
        rateLimits: lazyStore(STORES.rateLimit),
        salt: salt.salt,
        allowedOrigins,
        notifier: siteNotifier(env),
        confirmVisitors: true,
        screen: spamScreen({
          proof: { key: proofKey.key, used: lazyStore(STORES.proofs) },
          // A local server never sends visitors' words out (see akismetConfig).
          akismet: akismetConfig(env, { deployed: isDeployed(context) }),
          learned: modelSource({ store: lazyStore(STORES.spamModel) }),
          deliveries: blobDeliveryLog({ store: lazyStore(STORES.rateLimit), salt: salt.salt }),
        }),
      },
      form.spec(),
    );
    // The notification mail is sent after the answer, kept alive by waitUntil where the platform has it.
    const handle = handler;
    return withStorageBudget(POST_STORAGE_BUDGET_MS, () =>
      handle(request, { ip: context.ip, waitUntil: (promise) => context.waitUntil?.(promise) }),
    );
  };
}
