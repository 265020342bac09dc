import { getCollection, getEntry } from "astro:content";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { overlay } from "../../i18n/localize";
import { inFileOrder } from "../../lib/list-order";
import type { GallerySection } from "./gallery";

/** The gallery's sections in file order, in `locale`: English from sections.json, else its translation. */
export async function gallerySections(locale: Locale = DEFAULT_LOCALE) {
  const english = inFileOrder(await getCollection("gallerySections"));
  if (locale === DEFAULT_LOCALE) return english.map(({ title, folder }) => ({ title, folder, captions: null }));
  const text = await getEntry("galleryText", locale);
  if (!text) throw new Error(`Missing ${locale} translation of content/gallery/sections.json`);
  const file = `content/${locale}/gallery/sections.json`;
  // Titles are laid over the English sections (same sections, same order); captions are the translation's own.
  const titled = overlay(
    english.map(({ title, folder }) => ({ title, folder })),
    text.data.items.map(({ title, folder }) => ({ title, folder })),
    file,
  );
  return titled.map((section, i) => ({ ...section, captions: text.data.items[i]?.captions ?? {} }));
}

/**
 * The grouped gallery with each section's title and each image's caption in `locale`. A translation
 * must caption every image of its section (a missing caption stops the build, naming file and image)
 * and no image that is not there.
 */
export function localizeGallery<T>(
  sections: GallerySection<T>[],
  translated: Awaited<ReturnType<typeof gallerySections>>,
  locale: Locale,
): GallerySection<T>[] {
  if (locale === DEFAULT_LOCALE) return sections;
  const file = `content/${locale}/gallery/sections.json`;
  return sections.map((section) => {
    const text = translated.find((t) => t.folder === section.folder);
    const captions = text?.captions ?? {};
    const names = new Set(section.images.map((image) => image.name));
    for (const name of Object.keys(captions)) {
      if (!names.has(name)) throw new Error(`${file}: "${section.folder}" has no image ${name} to caption`);
    }
    return {
      ...section,
      title: text?.title ?? section.title,
      images: section.images.map((image) => {
        const caption = captions[image.name];
        if (!caption) throw new Error(`${file}: no caption for ${section.folder}/${image.name}`);
        return { ...image, alt: caption };
      }),
    };
  });
}
