/**
 * The git repository the editor commits to. On Netlify, the build knows it (REPOSITORY_URL, BRANCH);
 * CMS_GITHUB_REPO and CMS_BRANCH override them. Local runs use the working copy through the editor's
 * local mode, so the name only labels it.
 */
export function editorRepository(env: Record<string, string | undefined>, site: URL | undefined) {
  const fromUrl = env.REPOSITORY_URL?.match(/github\.com[/:]([^/]+\/[^/.]+)/)?.[1];
  return {
    repo: env.CMS_GITHUB_REPO ?? fromUrl ?? "aural-acoustics/website",
    branch: env.CMS_BRANCH ?? env.BRANCH ?? "main",
    siteUrl: (site ?? new URL("http://localhost:8888")).origin,
  };
}
