import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { renewSession } from "./renew-session";
import { readSession, type StaffSession } from "./session";

export interface AuthState {
  /** The signed-in person, once known; null when nobody is. */
  user: StaffSession | null;
  isAdmin: boolean;
  loading: boolean;
}

const AuthContext = createContext<AuthState | null>(null);
const LOADING: AuthState = { user: null, isAdmin: false, loading: true };

/**
 * Gives the admin page its sign-in state from the session cookie; when the cookie has run out it is
 * renewed from the browser's Firebase sign-in (see renewSession). A failed check means "not admin".
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(LOADING);
  useEffect(() => {
    let live = true;
    (async () => {
      let user: StaffSession | null = null;
      try {
        user = (await readSession()) ?? (await renewSession());
      } catch (error) {
        console.error("Admin check failed; treating the user as not an admin", error);
        user = { email: null, admin: false };
      }
      if (live) setState({ user, isAdmin: user?.admin === true, loading: false });
    })();
    return () => {
      live = false;
    };
  }, []);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
