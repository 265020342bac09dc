import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { astroSync, projectCopy } from "../support/project-copy";

/**
 * What the content editor cannot check by itself (a rule across fields, such as NRC against the
 * bands) stops the build, naming the file and the field. Checked with `astro sync`, the build's own
 * content step, on a copy of the project.
 */
describe("a content file that breaks a schema rule", () => {
  let root: string;
  beforeAll(async () => {
    root = await projectCopy();
  }, 60_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const edit = async (path: string, from: string | RegExp, to: string) => {
    const file = join(root, path);
    const text = await readFile(file, "utf8");
    const changed = text.replace(from, to);
    expect(changed).not.toBe(text);
    await writeFile(file, changed);
    return async () => writeFile(file, text);
  };

  it("passes the build's content step as it is", async () => {
    const result = await astroSync(root);
    expect(result.output).not.toMatch(/does not match collection schema/);
    expect(result.code).toBe(0);
  }, 90_000);

  it("stops the build naming the file and the field: a band that no longer gives the stated NRC", async () => {
    const restore = await edit("content/products/felt-panels.mdx", "hz500: 0.8", "hz500: 0.2");
    try {
      const result = await astroSync(root);
      expect(result.code).not.toBe(0);
      expect(result.output).toContain("products → felt-panels data does not match collection schema");
      expect(result.output).toContain(
        "specifications.nrc: NRC 0.75 does not match the absorption bands, which give 0.60",
      );
    } finally {
      await restore();
    }
  }, 90_000);

  it("stops the build naming the file and the field: a translation with a field the English file does not translate", async () => {
    const restore = await edit("content/et/products/felt-panels.mdx", /^name: /m, "order: 3\nname: ");
    try {
      const result = await astroSync(root);
      expect(result.code).not.toBe(0);
      expect(result.output).toContain("productsText → et/products/felt-panels data does not match collection schema");
      expect(result.output).toContain('Unrecognized key: "order"');
    } finally {
      await restore();
    }
  }, 90_000);
});
