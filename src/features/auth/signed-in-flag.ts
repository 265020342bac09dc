/**
 * Kept in localStorage while someone is signed in, so public pages load auth code only for people who
 * signed in before; storage can be unavailable (private modes), and then nothing is remembered.
 */
const SIGNED_IN_FLAG = "aural.signed-in";

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_FLAG, "1");
    else localStorage.removeItem(SIGNED_IN_FLAG);
  } catch {}
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_FLAG) === "1";
  } catch {
    return false;
  }
}
