// Astro's dev server (`npm start`, `npm run dev`) answers addresses as Netlify, and so the preview,
// does where Astro on its own would not: run on a copy of the project, as the editor's tests run it.
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/mail-catcher.mjs";
import { astroDev, projectCopy } from "../support/project-copy";

describe("the dev server", () => {
  let root = "";
  let server: Awaited<ReturnType<typeof astroDev>> | undefined;
  beforeAll(async () => {
    root = await projectCopy();
    server = await astroDev(root, await freePort());
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** Status and page language of `path`, without following redirects. */
  async function answer(path: string) {
    const response = await fetch(`${server?.url}${path}`, { redirect: "manual" });
    const html = await response.text();
    return {
      status: response.status,
      lang: /<html lang="([\w-]+)"/.exec(html)?.[1],
      title: /<title>([^<]*)/.exec(html)?.[1],
    };
  }

  it.each(["et", "fi", "sv"])(
    "answers /%s/ with that language's home page, as the preview does",
    async (lang) => {
      const [withSlash, without] = [await answer(`/${lang}/`), await answer(`/${lang}`)];
      expect(withSlash).toEqual({ ...without, status: 200, lang });
    },
    120_000,
  );

  it("answers a page's address with a trailing slash with that page, as the preview does", async () => {
    const [withSlash, without] = [await answer("/et/about/"), await answer("/et/about")];
    expect(withSlash).toEqual({ ...without, status: 200, lang: "et" });
  }, 120_000);
});
