/** Firebase web configuration from PUBLIC_FIREBASE_* (defaults for local runs are set in astro.config.mjs). */
const optional = (key: string, value: string | undefined) => (value ? { [key]: value } : {});
export const firebaseConfig: {
  apiKey: string;
  projectId: string;
  authDomain?: string;
  appId?: string;
  measurementId?: string;
} = {
  apiKey: import.meta.env.PUBLIC_FIREBASE_API_KEY ?? "demo-api-key",
  projectId: import.meta.env.PUBLIC_FIREBASE_PROJECT_ID ?? "demo-aural-acoustics",
  ...optional("authDomain", import.meta.env.PUBLIC_FIREBASE_AUTH_DOMAIN),
  ...optional("appId", import.meta.env.PUBLIC_FIREBASE_APP_ID),
  ...optional("measurementId", import.meta.env.PUBLIC_FIREBASE_MEASUREMENT_ID),
};

/**
 * Google Analytics 4 measurement id ("G-..."). Empty in local runs and tests: page views then go to
 * the local sink instead. Always defined at build, so the unused branch is left out of the bundle.
 */
export const measurementId: string = import.meta.env.PUBLIC_FIREBASE_MEASUREMENT_ID ?? "";

/** Set only for local runs: the Auth emulator's host:port. */
export const authEmulatorHost: string | undefined = import.meta.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || undefined;
