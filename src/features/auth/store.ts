import {
  createUserWithEmailAndPassword,
  signOut as firebaseSignOut,
  onAuthStateChanged,
  sendEmailVerification,
  signInWithEmailAndPassword,
  type User,
} from "firebase/auth";
import { checkAdmin } from "./admin-claim";
import { firebaseAuth } from "./firebase-client";
import { endSession } from "./session";
import { rememberSignedIn } from "./signed-in-flag";

/** What every part of the page knows about the session: the user, the admin role and whether that is known yet. */
export interface AuthSnapshot {
  user: User | null;
  isAdmin: boolean;
  loading: boolean;
}

/**
 * The one sign-in state of a page, read by the header's staff items and by the React islands alike.
 * It subscribes to Firebase once, on first use. Each change re-checks the role for that user, and the
 * user is published together with the result, so nothing (such as the sign-in redirect) acts on a user
 * whose role is not known yet; a slower, older check never wins. A failed check means "not admin".
 */
export const INITIAL_AUTH: AuthSnapshot = { user: null, isAdmin: false, loading: true };

let snapshot = INITIAL_AUTH;
const listeners = new Set<() => void>();
let started = false;

function publish(next: AuthSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function start() {
  if (started) return;
  started = true;
  let current = 0;
  onAuthStateChanged(firebaseAuth(), async (user) => {
    const run = ++current;
    rememberSignedIn(user !== null);
    const isAdmin = await checkAdmin(user);
    if (run === current) publish({ user, isAdmin, loading: false });
  });
}

export const authStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    start();
    return () => listeners.delete(listener);
  },
  getSnapshot: (): AuthSnapshot => snapshot,
  /** Pages are rendered without a session; the browser's first render matches that. */
  getServerSnapshot: (): AuthSnapshot => INITIAL_AUTH,

  async signIn(email: string, password: string): Promise<void> {
    await signInWithEmailAndPassword(firebaseAuth(), email, password);
  },
  async signUp(email: string, password: string): Promise<void> {
    const credential = await createUserWithEmailAndPassword(firebaseAuth(), email, password);
    await sendEmailVerification(credential.user, { url: `${window.location.origin}/` });
  },
  async signOut(): Promise<void> {
    await Promise.all([firebaseSignOut(firebaseAuth()), endSession()]);
    rememberSignedIn(false);
    publish({ user: null, isAdmin: false, loading: false });
  },
};
