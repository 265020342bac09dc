/** Server configuration, read from the environment once. */
export interface ServerEnv {
  rateLimitSalt: string;
  /** True when RATE_LIMIT_SALT was not set and a fixed development salt is in use. */
  usingDevelopmentSalt: boolean;
  siteOrigins: string[];
}

export function readServerEnv(env: Record<string, string | undefined> = process.env): ServerEnv {
  const salt = env.RATE_LIMIT_SALT?.trim();
  const siteOrigins = [env.SITE_URL, env.URL, env.DEPLOY_PRIME_URL]
    .filter((value): value is string => Boolean(value))
    .flatMap((value) => {
      try {
        return [new URL(value).origin];
      } catch {
        return [];
      }
    });
  return { rateLimitSalt: salt || "local-development-salt", usingDevelopmentSalt: !salt, siteOrigins };
}

/** Netlify's deploy context of an invocation: "dev" locally, "production" and previews when deployed. */
export const isDeployed = (context: { deploy?: { context?: string } }) =>
  Boolean(context.deploy?.context) && context.deploy?.context !== "dev";
