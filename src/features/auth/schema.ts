import * as z from "../../lib/zod-mini";

/** The sign-in form: a valid email address and a password of at least 6 characters. */
export const LoginSchema = z.object({
  email: z.pipe(z.string({ error: "Invalid email address" }).check(z.trim()), z.email("Invalid email address")),
  password: z
    .string({ error: "Password must be at least 6 characters" })
    .check(z.minLength(6, "Password must be at least 6 characters")),
});
export type Login = z.infer<typeof LoginSchema>;
