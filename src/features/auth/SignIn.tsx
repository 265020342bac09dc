import { type FormEvent, useEffect, useId, useState } from "react";
import { type FieldSpec, SubmitButton, TextFields } from "../../components/forms/FormField";
import { showToast, Toasts } from "../../components/forms/Toasts";
import { AuthProvider, useAuth } from "./AuthProvider";
import { type Login, LoginSchema } from "./schema";

/** After sign-in, admins go to the dashboard and everyone else home, 100 ms after the success toast. */
export const REDIRECT_DELAY_MS = 100;

const FIELDS: FieldSpec<keyof Login>[] = [
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
];

function SignInForm() {
  const id = useId();
  const { user, isAdmin, loading, signIn } = useAuth();
  const [values, setValues] = useState<Login>({ email: "", password: "" });
  const [errors, setErrors] = useState<Partial<Login>>({});
  const [busy, setBusy] = useState(false);
  // Until the script runs, the button stays disabled (a native submit could not sign anyone in).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (loading || !user) return;
    const timer = setTimeout(() => {
      window.location.assign(isAdmin ? "/admin/contact-submissions" : "/");
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, isAdmin, loading]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = LoginSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Login> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Login] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await signIn(parsed.data.email, parsed.data.password);
      showToast("success", "Success", "Successfully signed in");
    } catch (error) {
      showToast("error", "Sign in failed", error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-ready={loading ? undefined : ""}>
      <TextFields
        idPrefix={id}
        fields={FIELDS}
        values={values}
        errors={errors}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      <SubmitButton
        busy={busy}
        disabled={!hydrated}
        label="Sign In"
        busyLabel="Signing in..."
        fullWidth
        describedBy={hydrated ? undefined : `${id}-preparing`}
      />
      {!hydrated && (
        <p id={`${id}-preparing`} className="text-sm text-muted">
          Preparing sign-in… It needs JavaScript to be enabled.
        </p>
      )}
    </form>
  );
}

export default function SignIn() {
  return (
    <AuthProvider>
      <SignInForm />
      <Toasts />
    </AuthProvider>
  );
}
