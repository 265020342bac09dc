import { onAuthStateChanged, signOut } from "firebase/auth";
import { checkAdmin } from "./admin-claim";
import { firebaseAuth, rememberSignedIn } from "./firebase-client";

const LINK =
  "block whitespace-nowrap rounded-md px-1.5 py-2 text-[13px] font-medium text-ink-soft transition-colors hover:bg-sand hover:text-ink xl:px-3 xl:text-sm";

/**
 * Header items for signed-in people: 'Admin Dashboard' for admins and 'Sign Out' for everyone signed
 * in. Loaded only when a previous sign-in is remembered, so other visitors download no auth code.
 */
export function mountHeaderAuth(root: Document): void {
  const auth = firebaseAuth();
  onAuthStateChanged(auth, async (user) => {
    rememberSignedIn(user !== null);
    root.documentElement.toggleAttribute("data-signed-in", user !== null);
    const admin = await checkAdmin(user);
    for (const slot of root.querySelectorAll<HTMLElement>("[data-auth-slot], [data-auth-slot-mobile]")) {
      slot.replaceChildren();
      if (!user) continue;
      if (admin) {
        const link = root.createElement("a");
        link.href = "/admin/contact-submissions";
        link.textContent = "Admin Dashboard";
        link.className = LINK;
        if (window.location.pathname.startsWith("/admin/contact-submissions"))
          link.setAttribute("aria-current", "page");
        slot.append(link);
      }
      const button = root.createElement("button");
      button.type = "button";
      button.textContent = "Sign Out";
      button.className = `${LINK} cursor-pointer text-left`;
      button.addEventListener("click", async () => {
        await signOut(auth);
        rememberSignedIn(false);
        window.location.assign("/");
      });
      slot.append(button);
    }
  });
}
