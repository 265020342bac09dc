import { onAuthStateChanged } from "firebase/auth";
import { firebaseAuth } from "./firebase-client";

/** A newly issued ID token of the Firebase user this browser keeps signed in, or null when there is none. */
export async function freshIdToken(): Promise<string | null> {
  const auth = firebaseAuth();
  const user = await new Promise<typeof auth.currentUser>((resolve) => {
    const stop = onAuthStateChanged(auth, (current) => {
      stop();
      resolve(current);
    });
  });
  return user ? user.getIdToken(true) : null;
}
