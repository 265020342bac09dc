import { type ReactNode, useEffect } from "react";
import { useAuth } from "./AuthProvider";
import { signInAgain } from "./session";

/**
 * Shows its children only to admins: anonymous visitors go to /auth without a history entry, signed-in
 * people without the role see 'Access Denied'. This is for display; the admin API checks the role itself.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isAdmin, loading } = useAuth();
  useEffect(() => {
    if (!loading && !user) signInAgain();
  }, [loading, user]);
  if (loading || !user) return <p className="py-16 text-center text-muted">Loading...</p>;
  if (!isAdmin) {
    return (
      <div className="py-16 text-center">
        <h2 className="text-3xl font-medium">Access Denied</h2>
        <p className="mt-3 text-ink-soft">You don't have permission to access this page.</p>
      </div>
    );
  }
  return <>{children}</>;
}
