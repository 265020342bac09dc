import { authEmulatorHost } from "../../scripts/lib/demo-accounts.mjs";

/** Signs a demo account in at the Auth emulator, as the browser's Firebase SDK does: its ID token and uid. */
export async function emulatorSignIn(email: string, password: string): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`The Auth emulator refused ${email}: ${res.status}`);
  return (await res.json()) as { idToken: string; localId: string };
}
