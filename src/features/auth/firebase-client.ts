import { getApps, initializeApp } from "firebase/app";
import { type Auth, browserLocalPersistence, connectAuthEmulator, initializeAuth } from "firebase/auth";
import { authEmulatorHost, firebaseConfig, SIGNED_IN_FLAG } from "../../lib/firebase-config";

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

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_FLAG, "1");
    else localStorage.removeItem(SIGNED_IN_FLAG);
  } catch {
    // Storage can be unavailable (private modes); the header then simply shows no auth items.
  }
}
