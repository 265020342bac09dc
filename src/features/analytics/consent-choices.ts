import { CONSENT_KEY, type ConsentChoice, type Store } from "./consent";
import { ASK_ATTRIBUTE, MAX_AGE_MS } from "./consent-script.mjs";

/**
 * What a choice does once made, loaded by the consent banner's script on the first use: a press of
 * its buttons or the footer's 'Cookie settings', a stored Accept (or analytics cookies left to remove)
 * when the browser is idle, or a choice made in another tab.
 */

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

let stop: (() => void) | undefined;
let starting = false;

/** Runs `work` once the browser is idle, so nothing of it lands in the page's loading tasks. */
const whenIdle = (work: () => void) =>
  "requestIdleCallback" in window ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 1);

/**
 * Accept starts the analytics code (loaded when the browser is idle); anything else stops it, and
 * Decline also removes the analytics cookies.
 */
export function follow(choice: ConsentChoice | null): void {
  if (choice !== "granted") {
    stop?.();
    stop = undefined;
    if (choice === "denied") clearAnalyticsCookies(document);
    return;
  }
  if (stop || starting) return;
  starting = true;
  whenIdle(() =>
    import("./analytics")
      .then(({ startAnalytics }) => startAnalytics(window))
      .then((stopAnalytics) => {
        starting = false;
        stop = stopAnalytics;
        // The visitor may have declined while the code was loading.
        if (readConsent(localStorage) !== "granted") follow(readConsent(localStorage));
      }),
  );
}

/** Follows the stored choice: on load, and when another tab changes it. */
export const followStored = () => follow(readConsent(localStorage));

/** Shows the banner again from the footer's link, saying what the visitor chose before. */
export function reopen(): void {
  const banner = document.getElementById("cookie-consent");
  const status = banner?.querySelector<HTMLElement>("[data-consent-status]");
  if (!banner || !status) return;
  const choice = readConsent(localStorage);
  status.textContent = (choice && banner.dataset[choice === "granted" ? "accepted" : "declined"]) ?? "";
  document.documentElement.setAttribute(ASK_ATTRIBUTE, "");
  banner.querySelector<HTMLElement>("h2")?.focus();
}
