import type { User } from "firebase/auth";

/**
 * Whether the user has the `admin` custom claim (granted with `npm run admin:grant`).
 * Forces a token refresh so a newly granted role is seen; any failure is logged and means "not admin".
 */
export async function checkAdmin(user: User | null, forceRefresh = true): Promise<boolean> {
  if (!user) return false;
  try {
    const token = await user.getIdTokenResult(forceRefresh);
    return token.claims.admin === true;
  } catch (error) {
    console.error("Admin check failed; treating the user as not an admin", error);
    return false;
  }
}
