import { type FormEvent, useEffect, useId, useState } from "react";
import { Toaster, toast } from "sonner";
import { SubmitButton, TextField } from "../../components/forms/FormField";
import { AuthProvider, useAuth } from "./AuthProvider";
import { LoginSchema } from "./schema";

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

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-ready={loading ? undefined : ""}>
      <TextField
        id={`${id}-email`}
        label="Email"
        error={errors.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        id={`${id}-password`}
        label="Password"
        error={errors.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in..." fullWidth />
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
