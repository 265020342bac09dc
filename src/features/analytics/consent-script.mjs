// @ts-check
/**
 * The consent banner's one inline script, run before the first paint: it marks <html> with
 * data-consent-ask when no valid analytics choice is stored, so the banner shows from the first frame
 * (see src/features/analytics/consent.ts for the stored format). Kept here, as plain text, so the Astro
 * config can allow exactly this script by its hash in the CSP.
 */
export const CONSENT_KEY = "aural.analytics-consent";
export const MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
export const ASK_ATTRIBUTE = "data-consent-ask";

/** The script's text (a function, so that importing the constants above runs nothing). */
export const consentAskScript = () =>
  `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_KEY)})||"null"),n=Date.now();if(!c||(c.choice!=="granted"&&c.choice!=="denied")||typeof c.at!=="number"||n-c.at>${MAX_AGE_MS}||c.at>n+${MAX_AGE_MS})throw 0}catch(e){document.documentElement.setAttribute(${JSON.stringify(ASK_ATTRIBUTE)},"")}`;
