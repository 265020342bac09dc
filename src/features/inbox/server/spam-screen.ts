import { type PostFacts, type ScreenDeps, spamCheck } from "../../spam/server/screen";
import type { Enquiry } from "./enquiry-schema";

/** How a form's shell screens each accepted post before it is stored. */
export type Screen = (submission: Enquiry, post: PostFacts) => Promise<Enquiry>;

/**
 * The spam check applied to the inbox: an enquiry filed as spam is stored with status "spam", its
 * verdict, and its notification withheld until staff call it "Not spam"; any other is stored as it
 * came, with nothing of the screening kept.
 */
export function spamScreen(deps: ScreenDeps): Screen {
  const check = spamCheck(deps);
  return async (submission, post) => {
    const verdict = await check(submission, post);
    return verdict ? { ...submission, status: "spam", spam: verdict, withheld: true } : submission;
  };
}
