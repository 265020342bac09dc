import { type FormEvent, useEffect, useId, useState } from "react";
import { Toaster, toast } from "sonner";
import { LoginSchema } from "../../schemas/login";
import { AuthProvider, useAuth } from "./auth/AuthProvider";

/** After sign-in, admins go to the dashboard and everyone else home (specification: after 100 ms). */
export const REDIRECT_DELAY_MS = 100;

function SignInForm() {
  const id = useId();
  const { user, isAdmin, loading, signIn } = useAuth();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (loading || !user) return;
    const timer = setTimeout(() => {
      window.location.assign(isAdmin ? "/admin/contact-submissions" : "/");
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, isAdmin, loading]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = LoginSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as "email" | "password";
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await signIn(parsed.data.email, parsed.data.password);
      toast.dismiss();
      toast.success("Success", { description: "Successfully signed in" });
    } catch (error) {
      toast.dismiss();
      toast.error("Sign in failed", { description: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  const field =
    "mt-2 block w-full rounded-xl border border-stone bg-paper px-4 py-3 text-base text-ink outline-none focus:border-moss focus:ring-2 focus:ring-moss/20";
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-ready={loading ? undefined : ""}>
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-ink">
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          className={field}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className="mt-2 text-sm font-medium text-red-800">
            {errors.email}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="text-sm font-medium text-ink">
          Password
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          className={field}
        />
        {errors.password && (
          <p id={`${id}-password-error`} className="mt-2 text-sm font-medium text-red-800">
            {errors.password}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-full bg-moss px-8 py-3 text-sm font-semibold text-paper hover:bg-moss-deep disabled:opacity-70"
      >
        {busy ? "Signing in..." : "Sign In"}
      </button>
    </form>
  );
}

export default function SignIn() {
  return (
    <AuthProvider>
      <SignInForm />
      <Toaster position="bottom-right" visibleToasts={1} richColors closeButton />
    </AuthProvider>
  );
}
