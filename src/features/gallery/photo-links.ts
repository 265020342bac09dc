import type { SlideImage } from "yet-another-react-lightbox";

/** The gallery's photo links: plain links to each photo's large file, grouped by their section. */
export const PHOTO_LINKS = "a[data-gallery-section]";

/** What the lightbox shows: the photos of the clicked link's section, from the clicked one; null while closed. */
export interface Opened {
  slides: SlideImage[];
  index: number;
  /** The link that opened it, which gets the focus back on closing. */
  opener: HTMLAnchorElement;
}

let opened: Opened | null = null;
const subscribers = new Set<() => void>();

/** The lightbox's state, kept outside React so that a click made before the island renders is not lost. */
export const openedPhoto = {
  get: (): Opened | null => opened,
  subscribe(subscriber: () => void) {
    subscribers.add(subscriber);
    return () => subscribers.delete(subscriber);
  },
  set(next: Opened | null) {
    opened = next;
    for (const subscriber of subscribers) subscriber();
  },
};

/** "a.webp 400w, b.webp 800w" at the photo's aspect ratio, as the lightbox's sizes to choose from. */
function sizes(srcset: string, aspect: number): NonNullable<SlideImage["srcSet"]> {
  return srcset
    .split(",")
    .map((entry) => entry.trim().split(/\s+/))
    .map(([src = "", width = ""]) => ({ src, width: Number.parseInt(width, 10) }))
    .filter((size) => size.src && size.width > 0)
    .map((size) => ({ ...size, height: Math.round(size.width / aspect) }));
}

/** One link as a slide: its large file and sizes, its photo's alt text, and its section's heading as the caption. */
export function slideOf(link: HTMLAnchorElement): SlideImage {
  const width = Number(link.dataset.width);
  const height = Number(link.dataset.height);
  const alt = link.querySelector("img")?.alt ?? "";
  const heading = link.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby");
  const section = heading ? document.getElementById(heading)?.textContent?.trim() : undefined;
  return {
    src: link.getAttribute("href") ?? link.href,
    alt,
    title: alt,
    ...(section ? { description: section } : {}),
    ...(width > 0 && height > 0 ? { width, height, srcSet: sizes(link.dataset.srcset ?? "", width / height) } : {}),
  };
}

/**
 * Opens the lightbox for a plain click on a photo link, instead of following it: the photos of the
 * link's section, from the clicked one. Clicks with a modifier key keep the browser's own meaning.
 */
export function openOnPhotoClicks(root: Document) {
  root.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(PHOTO_LINKS) : null;
    if (!link) return;
    const links = [...root.querySelectorAll<HTMLAnchorElement>(PHOTO_LINKS)].filter(
      (other) => other.dataset.gallerySection === link.dataset.gallerySection,
    );
    event.preventDefault();
    openedPhoto.set({ slides: links.map(slideOf), index: links.indexOf(link), opener: link });
  });
}
