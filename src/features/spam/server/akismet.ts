/**
 * The optional Akismet check (https://akismet.com/developers/), used when AKISMET_API_KEY is set. It
 * fails towards the inbox: an answer that is neither "true" nor "false", an error status, a network
 * failure or no answer within AKISMET_TIMEOUT_MS counts as no verdict, and the enquiry is judged by
 * the content rules alone.
 */

export const AKISMET_ENDPOINT = "https://rest.akismet.com/1.1/comment-check";
/** Longest wait for Akismet before the enquiry goes on without its verdict: a post never waits 2 s on it. */
export const AKISMET_TIMEOUT_MS = 1_500;

export interface AkismetConfig {
  apiKey: string;
  /** The site's address, as registered with Akismet. */
  blog: string;
  /** The comment-check address; tests point it at a local stand-in. */
  endpoint?: string | undefined;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

/** What Akismet is told of one post. */
export interface AkismetPost {
  ip: string;
  userAgent: string;
  referrer: string;
  name: string;
  email: string;
  content: string;
  /** The page's language, ISO 639-1. */
  language: string;
}

/** "spam" (with `discard` when Akismet calls it blatant), "ham", or "unknown" when there was no verdict. */
export type AkismetVerdict =
  | { verdict: "spam"; discard: boolean }
  | { verdict: "ham" }
  | { verdict: "unknown"; why: string };

/** Whether a URL names this machine, where a visitor's words never leave it. */
function loopback(url: string): boolean {
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The Akismet configuration from the environment, or null when AKISMET_API_KEY is not set. Only a
 * deployed site asks Akismet itself; a local one asks only a stand-in on this machine
 * (AKISMET_ENDPOINT, as the preview's Akismet faults set it), so a local run never sends visitors'
 * words out.
 */
export function akismetConfig(env: Record<string, string | undefined>, { deployed }: { deployed: boolean }) {
  const apiKey = env.AKISMET_API_KEY?.trim();
  const blog = env.SITE_URL ?? env.URL;
  if (!apiKey || !blog) return null;
  if (deployed) return { apiKey, blog } satisfies AkismetConfig;
  const endpoint = env.AKISMET_ENDPOINT ?? "";
  return loopback(endpoint) ? ({ apiKey, blog, endpoint } satisfies AkismetConfig) : null;
}

export async function akismetCheck(config: AkismetConfig, post: AkismetPost): Promise<AkismetVerdict> {
  const body = new URLSearchParams({
    api_key: config.apiKey,
    blog: config.blog,
    user_ip: post.ip,
    user_agent: post.userAgent,
    referrer: post.referrer,
    comment_type: "contact-form",
    comment_author: post.name,
    comment_author_email: post.email,
    comment_content: post.content,
    blog_lang: post.language,
    blog_charset: "UTF-8",
  });
  try {
    const response = await (config.fetch ?? fetch)(config.endpoint ?? AKISMET_ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "AuralAcoustics/1.0" },
      body,
      signal: AbortSignal.timeout(config.timeoutMs ?? AKISMET_TIMEOUT_MS),
    });
    const text = (await response.text()).trim();
    if (response.ok && text === "true") {
      return { verdict: "spam", discard: response.headers.get("x-akismet-pro-tip") === "discard" };
    }
    if (response.ok && text === "false") return { verdict: "ham" };
    const help = response.headers.get("x-akismet-debug-help");
    return { verdict: "unknown", why: `HTTP ${response.status} "${text.slice(0, 40)}"${help ? `: ${help}` : ""}` };
  } catch (error) {
    return { verdict: "unknown", why: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
