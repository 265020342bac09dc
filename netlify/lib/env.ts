/** Server configuration comes from the environment; the rules below take it as an argument. */
export type Env = Record<string, string | undefined>;

/** The part of Netlify's invocation context these rules read. */
export interface InvocationContext {
  deploy?: { context?: string };
}

/** Origins allowed to post besides the request's own: the public site address and Netlify's deploy URLs. */
export function siteOrigins(env: Env = process.env): string[] {
  return [env.SITE_URL, env.URL, env.DEPLOY_PRIME_URL]
    .filter((value): value is string => Boolean(value))
    .flatMap((value) => {
      try {
        return [new URL(value).origin];
      } catch {
        return [];
      }
    });
}

/**
 * A deployed invocation: Netlify names the deploy context (production, deploy-preview, branch-deploy)
 * of every request to a deployed function. Netlify's local servers leave it empty or say "dev".
 */
export function isDeployed(context: InvocationContext): boolean {
  const name = context.deploy?.context ?? "";
  return name !== "" && name !== "dev";
}

/**
 * A function run by Netlify's local tooling: the Netlify CLI sets NETLIFY_DEV=true, @netlify/dev sets
 * NETLIFY_LOCAL=true when it provides environment variables (as the preview server has it do), and
 * neither names a deployed context.
 */
export function runsUnderLocalServer(env: Env, context: InvocationContext): boolean {
  return !isDeployed(context) && (env.NETLIFY_DEV === "true" || env.NETLIFY_LOCAL === "true");
}

export const RATE_LIMIT_SALT_MIN_LENGTH = 16;
export const DEVELOPMENT_SALT = "local-development-salt";

export type SaltChoice = { salt: string; development: boolean } | { salt: null; problem: string };

/**
 * The secret mixed into rate-limit keys. Deployed, RATE_LIMIT_SALT must hold at least 16 characters:
 * without it the contact form refuses service rather than key clients with a salt that is public in
 * the source. Locally an unset salt falls back to a fixed development salt.
 */
export function rateLimitSalt(env: Env, context: InvocationContext): SaltChoice {
  const salt = env.RATE_LIMIT_SALT?.trim() ?? "";
  if (!isDeployed(context)) return salt ? { salt, development: false } : { salt: DEVELOPMENT_SALT, development: true };
  const required = `a random secret of at least ${RATE_LIMIT_SALT_MIN_LENGTH} characters`;
  if (!salt) return { salt: null, problem: `RATE_LIMIT_SALT is not set (${required} is required)` };
  if (salt.length < RATE_LIMIT_SALT_MIN_LENGTH) {
    return { salt: null, problem: `RATE_LIMIT_SALT is too short (${required} is required)` };
  }
  return { salt, development: false };
}
