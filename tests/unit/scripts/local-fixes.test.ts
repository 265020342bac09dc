import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Each fix in scripts/local-fixes names, in its header, the library versions whose defect it was
// checked against. An upgrade fails this test until the defect tests (tests/integration/local-fixes*)
// have been run against the new version and the header updated, or the fix deleted.
const folder = join(process.cwd(), "scripts", "local-fixes");
const fixes = readdirSync(folder).filter((name) => /\.m?[jt]s$/.test(name));

function installedVersion(name: string): string {
  return JSON.parse(readFileSync(join(process.cwd(), "node_modules", name, "package.json"), "utf8")).version;
}

describe("local library fixes", () => {
  it("are listed in the folder's README", () => {
    const readme = readFileSync(join(folder, "README.md"), "utf8");
    expect(fixes.length).toBeGreaterThan(0);
    for (const fix of fixes) expect(readme, fix).toContain(fix);
  });

  it.each(fixes)("%s names the installed version of its library", (fix) => {
    const header = readFileSync(join(folder, fix), "utf8");
    const line = /^\/\/ Library: (.+)$/m.exec(header)?.[1] ?? "";
    const named = [...line.matchAll(/(@?[\w.-]+(?:\/[\w.-]+)?) (\d+\.\d+\.\d+)/g)];
    expect(named.length, `${fix} has no "// Library: <name> <version>" line`).toBeGreaterThan(0);
    for (const [, name = "", version] of named) expect(installedVersion(name), `${fix}: ${name}`).toBe(version);
  });
});
