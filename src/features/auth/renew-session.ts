import { type StaffSession, startSession } from "./session";

/**
 * A new cookie from the Firebase sign-in this browser keeps (after the hour a token lasts): loads the
 * Firebase SDK only now. Null when nobody is signed in.
 */
export async function renewSession(): Promise<StaffSession | null> {
  const { freshIdToken } = await import("./fresh-token");
  const token = await freshIdToken();
  return token ? startSession(token) : null;
}
