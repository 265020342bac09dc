import { readSession } from "./session";

/**
 * Shows the header's staff items (rendered hidden in the page): 'Sign Out' for everyone signed in and
 * 'Admin Dashboard' for admins. Loaded only when a previous sign-in is remembered, so other visitors
 * download no auth code. The session cookie answers first; only without one (it lasts an hour) is the
 * Firebase SDK loaded to ask the browser's own sign-in, and for signing out.
 */
export async function mountHeaderAuth(root: Document): Promise<void> {
  const render = (signedIn: boolean, isAdmin: boolean) => {
    root.documentElement.toggleAttribute("data-signed-in", signedIn);
    for (const group of root.querySelectorAll<HTMLElement>("[data-staff-items]")) {
      group.hidden = !signedIn;
      const admin = group.querySelector<HTMLElement>("[data-staff-admin]");
      if (admin) admin.hidden = !isAdmin;
    }
  };
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-staff-sign-out]")) {
    button.addEventListener("click", async () => {
      const { authStore } = await import("./store");
      await authStore.signOut();
      window.location.assign("/");
    });
  }
  const session = await readSession().catch(() => null);
  if (session) {
    render(true, session.admin);
    return;
  }
  const { authStore } = await import("./store");
  authStore.subscribe(() => {
    const { user, isAdmin, loading } = authStore.getSnapshot();
    if (!loading) render(user !== null, isAdmin);
  });
}
