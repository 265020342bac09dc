import { z } from "../../lib/zod";

/** The sign-in form: a valid email address and a password of at least 6 characters. */
export const LoginSchema = z.object({
  email: z.string({ error: "Invalid email address" }).trim().pipe(z.email("Invalid email address")),
  password: z
    .string({ error: "Password must be at least 6 characters" })
    .min(6, "Password must be at least 6 characters"),
});
export type Login = z.infer<typeof LoginSchema>;
