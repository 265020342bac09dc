// @ts-check

/** The public Firebase web settings a build on Netlify must carry; they reach the browser as import.meta.env. */
export const REQUIRED_FIREBASE_SETTINGS = /** @type {const} */ ([
  "PUBLIC_FIREBASE_API_KEY",
  "PUBLIC_FIREBASE_AUTH_DOMAIN",
  "PUBLIC_FIREBASE_PROJECT_ID",
  "PUBLIC_FIREBASE_APP_ID",
]);

/** What local builds use when no Firebase project is configured: the demo project and the Auth emulator. */
export const LOCAL_FIREBASE_DEFAULTS = {
  PUBLIC_FIREBASE_PROJECT_ID: "demo-aural-acoustics",
  PUBLIC_FIREBASE_API_KEY: "demo-api-key",
  PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
};

/** @typedef {Record<string, string | undefined>} Env */

/**
 * A build on Netlify: Netlify sets NETLIFY=true on its builds and CONTEXT to production,
 * deploy-preview or branch-deploy. Only CONTEXT=dev (the Netlify CLI's local server) or no NETLIFY at
 * all counts as local; an unknown context on Netlify is treated as a deploy.
 * @param {Env} env
 */
export function isNetlifyBuild(env) {
  return env.NETLIFY === "true" && env.CONTEXT !== "dev";
}

/** @param {string | undefined} value */
const isBlank = (value) => value === undefined || value.trim() === "";

/**
 * The Firebase settings to add to the build's environment, or an error that fails the build.
 * On Netlify every required setting must be present, the project must be a real one (demo- projects
 * exist only in the emulator) and no emulator host may be set. Local builds fall back to the demo
 * project, and a demo project signs in against the local Auth emulator.
 * @param {Env} env
 * @returns {Record<string, string>} only the variables to set; those already set are left out
 */
export function firebaseBuildEnv(env) {
  if (isNetlifyBuild(env)) {
    const problems = [];
    const missing = REQUIRED_FIREBASE_SETTINGS.filter((name) => isBlank(env[name]));
    if (missing.length > 0) problems.push(`missing ${missing.join(", ")}`);
    const projectId = env.PUBLIC_FIREBASE_PROJECT_ID?.trim() ?? "";
    if (projectId.startsWith("demo-")) {
      problems.push(
        `PUBLIC_FIREBASE_PROJECT_ID is "${projectId}", a demo project that only the local Auth emulator knows`,
      );
    }
    if (!isBlank(env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST)) {
      problems.push("PUBLIC_FIREBASE_AUTH_EMULATOR_HOST is set, which would send sign-ins to a local emulator");
    }
    if (problems.length > 0) {
      throw new Error(
        `The Netlify build (CONTEXT=${env.CONTEXT ?? "unset"}) has no usable public Firebase settings: ` +
          `${problems.join("; ")}. Set the real project's web app settings in Netlify's environment variables.`,
      );
    }
    return {};
  }

  /** @type {Record<string, string>} */
  const values = {};
  for (const name of /** @type {const} */ (["PUBLIC_FIREBASE_PROJECT_ID", "PUBLIC_FIREBASE_API_KEY"])) {
    if (isBlank(env[name])) values[name] = LOCAL_FIREBASE_DEFAULTS[name];
  }
  const projectId = values.PUBLIC_FIREBASE_PROJECT_ID ?? env.PUBLIC_FIREBASE_PROJECT_ID ?? "";
  // An explicitly empty host keeps a local build of a demo project off the emulator.
  if (projectId.startsWith("demo-") && env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST === undefined) {
    values.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST = LOCAL_FIREBASE_DEFAULTS.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST;
  }
  return values;
}
