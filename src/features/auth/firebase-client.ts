import { getApps, initializeApp } from "firebase/app";
import { type Auth, browserLocalPersistence, connectAuthEmulator, initializeAuth } from "firebase/auth";
import { authEmulatorHost, firebaseConfig } from "../../lib/firebase-config";

let auth: Auth | undefined;

/**
 * The one Auth instance: local persistence (the session survives reloads) and automatic token
 * refresh; no popup or redirect resolver, so no third-party iframe is loaded.
 */
export function firebaseAuth(): Auth {
  if (auth) return auth;
  const app = getApps()[0] ?? initializeApp(firebaseConfig);
  auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (authEmulatorHost) connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true });
  return auth;
}
