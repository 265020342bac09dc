import { useEffect, useRef, useState } from "react";
import Lightbox, { type SlideImage } from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/counter.css";

export interface GallerySlide {
  src: string;
  width: number;
  height: number;
  alt: string;
  srcSet: { src: string; width: number; height: number }[];
}

interface Props {
  /** Slides per section, keyed by the section's folder name. */
  sections: Record<string, GallerySlide[]>;
}

/**
 * Opens the static gallery's image links in a full-screen lightbox. The grid itself is plain HTML
 * (each image links to its full-size file, which is what a click does before this has loaded); this
 * island only listens for those clicks.
 */
export default function GalleryLightbox({ sections }: Props) {
  const [open, setOpen] = useState<{ section: string; index: number } | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-gallery-section]") : null;
      const section = link?.dataset.gallerySection;
      const index = Number(link?.dataset.galleryIndex);
      if (!link || !section || !sections[section] || !Number.isInteger(index)) return;
      event.preventDefault();
      opener.current = link;
      setOpen({ section, index });
    };
    document.addEventListener("click", onClick);
    document.documentElement.dataset.galleryReady = "";
    return () => document.removeEventListener("click", onClick);
  }, [sections]);

  const slides: SlideImage[] = open ? (sections[open.section] ?? []) : [];

  return (
    <>
      <span className="sr-only" data-gallery-island />
      <Lightbox
        open={open !== null}
        index={open?.index ?? 0}
        close={() => setOpen(null)}
        slides={slides}
        plugins={[Counter]}
        carousel={{ finite: false, preload: 1 }}
        controller={{ closeOnBackdropClick: true }}
        on={{ exited: () => opener.current?.focus() }}
        labels={{ Previous: "Previous image", Next: "Next image", Close: "Close" }}
      />
    </>
  );
}
