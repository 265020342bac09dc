import {
  createUserWithEmailAndPassword,
  signOut as firebaseSignOut,
  onAuthStateChanged,
  sendEmailVerification,
  signInWithEmailAndPassword,
  type User,
} from "firebase/auth";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { checkAdmin } from "./admin-claim";
import { firebaseAuth, rememberSignedIn } from "./firebase-client";

export interface AuthState {
  user: User | null;
  isAdmin: boolean;
  loading: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [isAdmin, setIsAdmin] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const auth = firebaseAuth();
    let current = 0;
    return onAuthStateChanged(auth, async (next) => {
      // Each change re-checks the role for that user. The user is published together with the
      // result, so nothing (such as the sign-in redirect) acts on a user whose role is not known
      // yet; a slower, older check never wins.
      const run = ++current;
      rememberSignedIn(next !== null);
      const admin = await checkAdmin(next);
      if (run !== current) return;
      setUser(next);
      setIsAdmin(admin);
      setLoading(false);
    });
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      isAdmin,
      loading,
      async signIn(email, password) {
        await signInWithEmailAndPassword(firebaseAuth(), email, password);
      },
      async signUp(email, password) {
        const credential = await createUserWithEmailAndPassword(firebaseAuth(), email, password);
        await sendEmailVerification(credential.user, { url: `${window.location.origin}/` });
      },
      async signOut() {
        await firebaseSignOut(firebaseAuth());
        rememberSignedIn(false);
        setIsAdmin(false);
      },
    }),
    [user, isAdmin, loading],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
