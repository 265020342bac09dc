import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** The editor's page: Sveltia CMS reads its configuration from the generated config.yml beside it. */
export function editorPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor · Aural Acoustics</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link href="/cms/config.yml" type="application/yaml" rel="cms-config-url">
</head>
<body>
<script src="/cms/sveltia-cms.js"></script>
</body>
</html>
`;
}

export async function editorScript(): Promise<string> {
  // The package exports only its module build; the self-contained script sits beside it.
  return readFile(join(process.cwd(), "node_modules/@sveltia/cms/dist/sveltia-cms.js"), "utf8");
}
