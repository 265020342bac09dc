import * as z from "../../lib/zod-mini";
import { CONTROL_BORDER, ERROR_CLASS } from "../forms/form-classes";
import { showToast } from "../forms/toasts";
import { type Login, LoginSchema } from "./schema";
import { afterSignIn, startSession } from "./session";
import { authStore } from "./store";

/** After sign-in, admins go to the dashboard and everyone else home, 100 ms after the success toast. */
export const REDIRECT_DELAY_MS = 100;

type Field = keyof Login;

function showErrors(form: HTMLFormElement, errors: Partial<Record<Field, string>>) {
  for (const name of ["email", "password"] as const) {
    const input = form.elements.namedItem(name) as HTMLInputElement;
    const id = `${input.id}-error`;
    form.querySelector(`#${id}`)?.remove();
    const message = errors[name];
    input.classList.toggle(CONTROL_BORDER.invalid, Boolean(message));
    input.classList.toggle(CONTROL_BORDER.valid, !message);
    if (!message) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      continue;
    }
    const error = document.createElement("p");
    error.id = id;
    error.className = ERROR_CLASS;
    error.textContent = message;
    input.after(error);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
  }
}

/**
 * The sign-in page's behaviour: validates with the shared schema, signs in with Firebase (toast on
 * success or failure), and once the person is known hands their token to the server for the admin
 * page's session cookie, then leaves after REDIRECT_DELAY_MS: admins to the admin page they came from
 * (or the dashboard), everyone else home. Someone already signed in is sent on the same way.
 */
export function mountSignIn(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const preparing = form.querySelector<HTMLElement>("#sign-in-preparing");
  if (!button) return;
  button.disabled = false;
  button.removeAttribute("aria-describedby");
  preparing?.remove();

  let leaving = false;
  authStore.subscribe(async () => {
    const { user, isAdmin, loading } = authStore.getSnapshot();
    if (loading) return;
    form.dataset.ready = "";
    if (!user || leaving) return;
    leaving = true;
    try {
      await startSession(await user.getIdToken());
    } catch (error) {
      // The admin page renews the session itself; signing in has worked all the same.
      console.error(error);
    }
    const target = isAdmin ? afterSignIn() : "/";
    setTimeout(() => window.location.assign(target), REDIRECT_DELAY_MS);
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form)) as Record<Field, string>;
    const parsed = z.safeParse(LoginSchema, values);
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
      showErrors(form, errors);
      return;
    }
    showErrors(form, {});
    button.disabled = true;
    button.textContent = "Signing in...";
    try {
      await authStore.signIn(parsed.data.email, parsed.data.password);
      showToast("success", "Success", "Successfully signed in");
    } catch (error) {
      showToast("error", "Sign in failed", error instanceof Error ? error.message : String(error));
    } finally {
      button.disabled = false;
      button.textContent = "Sign In";
    }
  });
}
