import type { GallerySectionConfig } from "./schema";

export const GALLERY_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif"] as const;

/** "felt-tiles-in-moss_and-terracotta.jpg" -> "Felt tiles in moss and terracotta": the file name is the alt text. */
export function altFromFileName(fileName: string): string {
  const words = fileName
    .replace(/\.[^.]+$/, "")
    .replace(/[-_]+/g, " ")
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Gallery image";
}

export interface GalleryFile<T> {
  /** Path relative to the gallery folder, e.g. "felt-panels/tiles.jpg". */
  path: string;
  image: T;
}

export interface GallerySection<T> {
  title: string;
  folder: string;
  /** Empty when the folder is missing or holds no images. */
  images: { image: T; alt: string; name: string }[];
  missing: boolean;
}

/**
 * Groups image files into the configured sections. Only files directly in a section's folder count:
 * entries in sub-folders are skipped, so a folder inside a section never shows as an image.
 */
export function groupGallery<T>(
  sections: readonly Pick<GallerySectionConfig, "title" | "folder">[],
  files: readonly GalleryFile<T>[],
  folders: ReadonlySet<string>,
): GallerySection<T>[] {
  const isImage = (name: string) => GALLERY_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(`.${ext}`));
  return sections.map((section) => {
    const images = files
      .filter((file) => {
        const parts = file.path.split("/");
        return parts.length === 2 && parts[0] === section.folder && isImage(parts[1] ?? "");
      })
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((file) => {
        const name = file.path.split("/")[1] ?? file.path;
        return { image: file.image, alt: altFromFileName(name), name };
      });
    return { title: section.title, folder: section.folder, images, missing: !folders.has(section.folder) };
  });
}

/**
 * Files the gallery would never show, each as a message naming it: images directly in
 * content/gallery/ (outside every section's folder) and folders no section names.
 */
export function unplacedGalleryFiles(
  sections: readonly Pick<GallerySectionConfig, "folder">[],
  looseImages: readonly string[],
  folders: ReadonlySet<string>,
): string[] {
  const named = sections.map((section) => section.folder);
  return [
    ...looseImages.map(
      (name) => `content/gallery/${name} is in no section: move it into a section's folder (${named.join(", ")})`,
    ),
    ...[...folders]
      .filter((folder) => !named.includes(folder))
      .map(
        (folder) =>
          `content/gallery/${folder}/ is no section's folder: add the section to content/gallery/sections.json, or move its photos`,
      ),
  ];
}
