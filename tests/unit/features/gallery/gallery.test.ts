import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { altFromFileName, groupGallery, unplacedGalleryFiles } from "../../../../src/features/gallery/gallery";

/** Lists a real fixture folder the way the build's glob does: every file, with its relative path. */
function listFolder(root: string) {
  const files: { path: string; image: string }[] = [];
  const folders = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const rel = relative(root, full).split(sep).join("/");
      if (statSync(full).isDirectory()) {
        if (!rel.includes("/")) folders.add(rel);
        walk(full);
      } else files.push({ path: rel, image: rel });
    }
  };
  walk(root);
  return { files, folders };
}

describe("groupGallery over a fixture folder", () => {
  const { files, folders } = listFolder(join(process.cwd(), "tests/fixtures/gallery"));
  const sections = groupGallery(
    [
      { title: "With images", folder: "with-images" },
      { title: "Empty", folder: "empty" },
      { title: "Missing", folder: "missing" },
    ],
    files,
    folders,
  );

  it("takes only images directly in the section's folder, skipping sub-folders and other files", () => {
    expect(sections[0]?.images.map((i) => i.name)).toEqual(["oak-slats_in-a-lobby.jpg"]);
    expect(sections[0]?.images[0]?.alt).toBe("Oak slats in a lobby");
  });

  it("keeps the configured order and marks empty and missing folders", () => {
    expect(sections.map((s) => [s.title, s.images.length, s.missing])).toEqual([
      ["With images", 1, false],
      ["Empty", 0, false],
      ["Missing", 0, true],
    ]);
  });
});

describe("altFromFileName", () => {
  it.each([
    ["felt-tiles-in-moss.jpg", "Felt tiles in moss"],
    ["Walnut_wall--detail.JPEG", "Walnut wall detail"],
    [".jpg", "Gallery image"],
  ])("%s -> %s", (name, alt) => {
    expect(altFromFileName(name)).toBe(alt);
  });
});

describe("unplacedGalleryFiles", () => {
  const sections = [{ folder: "felt-panels" }, { folder: "grooved-panels" }];

  it("names an image outside every section's folder, and a folder no section names", () => {
    expect(
      unplacedGalleryFiles(sections, ["new-photo.jpg"], new Set(["felt-panels", "grooved-panels", "oak-slats"])),
    ).toEqual([
      "content/gallery/new-photo.jpg is in no section: move it into a section's folder (felt-panels, grooved-panels)",
      "content/gallery/oak-slats/ is no section's folder: add the section to content/gallery/sections.json, or move its photos",
    ]);
  });

  it("finds nothing when every image is in a section's folder", () => {
    expect(unplacedGalleryFiles(sections, [], new Set(["felt-panels"]))).toEqual([]);
  });
});
