/**
 * The visitor's analytics choice, kept in localStorage (not a cookie) so it survives reloads. A choice
 * older than a year is asked again, as EU regulators recommend renewing consent periodically. This
 * module is what the banner's script needs up front (writing a choice); reading one and acting on it
 * is in consent-choices.ts, loaded on the first use.
 */
export type ConsentChoice = "granted" | "denied";

import { ASK_ATTRIBUTE, CONSENT_KEY } from "./consent-script.mjs";

/** ASK_ATTRIBUTE is set on <html> while the visitor has no valid choice: the banner shows. */
export { ASK_ATTRIBUTE, CONSENT_KEY };

export type Store = Pick<Storage, "getItem" | "setItem">;

export function storeConsent(storage: Store | undefined, choice: ConsentChoice, now = Date.now()): void {
  try {
    storage?.setItem(CONSENT_KEY, JSON.stringify({ choice, at: now }));
  } catch {
    // Storage can be unavailable (private modes): the choice then holds for this page only.
  }
}
