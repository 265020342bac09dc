/**
 * The staff session as the browser sees it, without Firebase code: the server keeps the verified
 * sign-in in an HttpOnly cookie (see src/features/auth/server/session.ts), and these calls read, set and end it.
 */
export interface StaffSession {
  email: string | null;
  admin: boolean;
}

const SESSION_URL = "/api/session";

function asSession(body: unknown): StaffSession | null {
  if (typeof body !== "object" || body === null) return null;
  const { email, admin } = body as Record<string, unknown>;
  if (typeof admin !== "boolean" || (email !== null && typeof email !== "string")) return null;
  return { email, admin };
}

/** The session the cookie holds; null when there is none (or it ran out). Throws when it cannot tell. */
export async function readSession(): Promise<StaffSession | null> {
  const response = await fetch(SESSION_URL, { headers: { accept: "application/json" } });
  if (response.status === 401) return null;
  const session = response.ok ? asSession(await response.json().catch(() => null)) : null;
  if (!session) throw new Error(`The session could not be read (${response.status})`);
  return session;
}

/** Hands a fresh Firebase ID token to the server, which checks it and sets the cookie. */
export async function startSession(idToken: string): Promise<StaffSession> {
  const response = await fetch(SESSION_URL, { method: "POST", headers: { authorization: `Bearer ${idToken}` } });
  const session = response.ok ? asSession(await response.json().catch(() => null)) : null;
  if (!session) throw new Error(`The session could not be started (${response.status})`);
  return session;
}

/** Clears the cookie; a failure is logged (the token in it runs out within the hour anyway). */
export async function endSession(): Promise<void> {
  try {
    await fetch(SESSION_URL, { method: "DELETE" });
  } catch (error) {
    console.error("Could not end the session", error);
  }
}

const RETURN_KEY = "aural.after-sign-in";

/** Sends the visitor to sign in (no history entry), to come back to this admin page afterwards. */
export function signInAgain(): void {
  try {
    sessionStorage.setItem(RETURN_KEY, `${location.pathname}${location.search}`);
  } catch {}
  window.location.replace("/auth");
}

/** Where an admin goes after signing in: back to the admin page they came from, or the dashboard. */
export function afterSignIn(): string {
  let back: string | null = null;
  try {
    back = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
  } catch {}
  return back?.startsWith("/admin/") ? back : "/admin/contact-submissions";
}
