// @ts-check
import { createHash } from "node:crypto";

/**
 * The CSP hash source of an inline script's or style's text, as script-src and style-src list it
 * (without the quotes).
 * @param {string} text
 */
export const cspHash = (text) =>
  /** @type {`sha256-${string}`} */ (`sha256-${createHash("sha256").update(text).digest("base64")}`);
/** @typedef {Exclude<NonNullable<NonNullable<import("astro").AstroUserConfig["security"]>["csp"]>, boolean>} CspConfig */
/**
 * Content-Security-Policy directives for every page (Astro adds the script and style hashes). Each
 * third party is allowed only in the directives it needs, and only when it is configured:
 * - Firebase Auth: the emulator locally, Google's identity endpoints otherwise (connect-src);
 * - the admin page's analytics report: its origin in frame-src, otherwise no frames at all;
 * - Google Analytics, only with a measurement id: the tag script (script-src), its collection
 *   endpoints (connect-src, img-src) and Firebase's installation and config endpoints (connect-src).
 *
 * @param {{ authEmulatorHost?: string | undefined; dashboardUrl?: string | undefined; measurementId?: string | undefined }} options
 */
export function contentSecurityPolicy({ authEmulatorHost, dashboardUrl, measurementId }) {
  const auth = authEmulatorHost
    ? [`http://${authEmulatorHost}`]
    : ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
  const analytics = measurementId
    ? {
        script: ["https://*.googletagmanager.com"],
        connect: [
          "https://*.google-analytics.com",
          "https://*.analytics.google.com",
          "https://*.googletagmanager.com",
          "https://firebaseinstallations.googleapis.com",
          "https://firebase.googleapis.com",
        ],
        img: ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
      }
    : { script: [], connect: [], img: [] };
  const join = (/** @type {string[]} */ sources) => sources.join(" ");
  /** @type {NonNullable<CspConfig["directives"]>} */
  const directives = [
    "default-src 'self'",
    `img-src ${join(["'self'", "data:", ...analytics.img])}`,
    "font-src 'self'",
    `connect-src ${join(["'self'", ...auth, ...analytics.connect])}`,
    `frame-src ${dashboardUrl ? new URL(dashboardUrl).origin : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  return {
    directives,
    /** Sources for script-src besides the hashes Astro adds. */
    // The site search (Pagefind) runs its index code as WebAssembly.
    scriptResources: ["'self'", "'wasm-unsafe-eval'", ...analytics.script],
  };
}
