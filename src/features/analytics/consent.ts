/**
 * The visitor's analytics choice, kept in localStorage (not a cookie) so it survives reloads. A choice
 * older than a year is asked again, as EU regulators recommend renewing consent periodically.
 */
export type ConsentChoice = "granted" | "denied";

import { ASK_ATTRIBUTE, CONSENT_KEY, MAX_AGE_MS } from "./consent-script.mjs";

/** ASK_ATTRIBUTE is set on <html> while the visitor has no valid choice: the banner shows. */
export { ASK_ATTRIBUTE, CONSENT_KEY };

type Store = Pick<Storage, "getItem" | "setItem">;

export function readConsent(storage: Store | undefined, now = Date.now()): ConsentChoice | null {
  try {
    const saved = JSON.parse(storage?.getItem(CONSENT_KEY) ?? "null") as { choice?: unknown; at?: unknown } | null;
    if (saved?.choice !== "granted" && saved?.choice !== "denied") return null;
    if (typeof saved.at !== "number" || now - saved.at > MAX_AGE_MS || saved.at > now + MAX_AGE_MS) return null;
    return saved.choice;
  } catch {
    return null;
  }
}

export function storeConsent(storage: Store | undefined, choice: ConsentChoice, now = Date.now()): void {
  try {
    storage?.setItem(CONSENT_KEY, JSON.stringify({ choice, at: now }));
  } catch {
    // Storage can be unavailable (private modes): the choice then holds for this page only.
  }
}

/** Removes Google Analytics cookies (_ga, _ga_<id>, _gid) for this host and its parent domains. */
export function clearAnalyticsCookies(doc: Document): void {
  const names = doc.cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => /^_g(a|id)(_|$)/.test(name));
  const labels = doc.location.hostname.split(".");
  const domains = [""];
  for (let i = 0; i < labels.length - 1; i++) domains.push(`;domain=.${labels.slice(i).join(".")}`);
  for (const name of names) for (const domain of domains) doc.cookie = `${name}=;path=/;max-age=0${domain}`;
}
