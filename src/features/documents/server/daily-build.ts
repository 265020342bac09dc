/**
 * A certificate's state (valid, expiring, expired) is decided when the site is built. So that an
 * expired one is never shown as valid for long, the site is built again every day: a scheduled
 * function posts to the site's build hook, DAILY_BUILD_HOOK (Netlify: Site configuration → Build
 * hooks). Without one it says so and does nothing.
 */
export type DailyBuild =
  | { outcome: "started"; status: number }
  | { outcome: "not-configured" }
  | { outcome: "failed"; why: string };

export async function startDailyBuild(
  env: Record<string, string | undefined>,
  post: (url: string) => Promise<Response> = (url) =>
    fetch(url, { method: "POST", signal: AbortSignal.timeout(10_000) }),
): Promise<DailyBuild> {
  const hook = env.DAILY_BUILD_HOOK?.trim();
  if (!hook) return { outcome: "not-configured" };
  if (!/^https:\/\/|^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(hook)) {
    return { outcome: "failed", why: "DAILY_BUILD_HOOK is not an https address" };
  }
  try {
    const response = await post(hook);
    return response.ok
      ? { outcome: "started", status: response.status }
      : { outcome: "failed", why: `the build hook answered ${response.status}` };
  } catch (error) {
    return { outcome: "failed", why: `the build hook did not answer (${(error as Error).message})` };
  }
}
