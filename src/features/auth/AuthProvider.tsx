import type { User } from "firebase/auth";
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import { authStore } from "./store";

export interface AuthState {
  user: User | null;
  isAdmin: boolean;
  loading: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Gives an island the page's one sign-in state (the same store the header reads). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { user, isAdmin, loading } = useSyncExternalStore(
    authStore.subscribe,
    authStore.getSnapshot,
    authStore.getServerSnapshot,
  );
  const value = useMemo<AuthState>(
    () => ({
      user,
      isAdmin,
      loading,
      signIn: authStore.signIn,
      signUp: authStore.signUp,
      signOut: authStore.signOut,
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
