import { authStore } from "./store";

/**
 * Shows the header's staff items (rendered hidden in the page): 'Sign Out' for everyone signed in and
 * 'Admin Dashboard' for admins. Loaded only when a previous sign-in is remembered, so other visitors
 * download no auth code.
 */
export function mountHeaderAuth(root: Document): void {
  const render = () => {
    const { user, isAdmin, loading } = authStore.getSnapshot();
    if (loading) return;
    root.documentElement.toggleAttribute("data-signed-in", user !== null);
    for (const group of root.querySelectorAll<HTMLElement>("[data-staff-items]")) {
      group.hidden = user === null;
      const admin = group.querySelector<HTMLElement>("[data-staff-admin]");
      if (admin) admin.hidden = !isAdmin;
    }
  };
  authStore.subscribe(render);
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-staff-sign-out]")) {
    button.addEventListener("click", async () => {
      await authStore.signOut();
      window.location.assign("/");
    });
  }
}
