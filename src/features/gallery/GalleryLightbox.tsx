import { useEffect, useState, useSyncExternalStore } from "react";
import Lightbox, { type Labels } from "yet-another-react-lightbox";
import Captions from "yet-another-react-lightbox/plugins/captions";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Fullscreen from "yet-another-react-lightbox/plugins/fullscreen";
import Thumbnails from "yet-another-react-lightbox/plugins/thumbnails";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import stylesheet from "./lightbox.css?url";
import { openedPhoto, openOnPhotoClicks } from "./photo-links";

const PLUGINS = [Captions, Counter, Fullscreen, Thumbnails, Zoom];

/**
 * The lightbox's styles, requested as soon as its code arrives (on the first sign of intent), so that
 * they are usually in by the first click; it opens only once they are.
 */
function loadStyles(): Promise<void> {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: stylesheet });
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
  });
  document.head.append(link);
  return loaded;
}

// In the browser, photo clicks are taken over when this module loads, before the island renders: the
// click that showed intent (held by client:intent and made again now) then finds its listener.
const inBrowser = typeof document !== "undefined";
if (inBrowser) openOnPhotoClicks(document);
const styles = inBrowser ? loadStyles() : null;

/**
 * The gallery's lightbox (yet-another-react-lightbox): the photos of the clicked photo's section, with
 * zoom (pinch, double tap, the wheel, + and -), thumbnails, captions (the photo's alt text and its
 * section), the 'n / total' counter and full screen where the browser allows it. Previous and next
 * wrap around at both ends, Escape closes, the page does not scroll behind it, and the focus goes back
 * to the photo that opened it.
 */
export default function GalleryLightbox({ labels }: { labels: Labels }) {
  const opened = useSyncExternalStore(openedPhoto.subscribe, openedPhoto.get, () => null);
  const [styled, setStyled] = useState(false);
  useEffect(() => {
    let live = true;
    void styles?.then(() => live && setStyled(true));
    document.documentElement.dataset.galleryReady = "";
    return () => {
      live = false;
    };
  }, []);

  const close = () => {
    const opener = openedPhoto.get()?.opener;
    openedPhoto.set(null);
    if (opener && document.activeElement !== opener) opener.focus({ preventScroll: true });
  };

  return (
    <Lightbox
      open={opened !== null && styled}
      close={close}
      index={opened?.index ?? 0}
      slides={opened?.slides ?? []}
      plugins={PLUGINS}
      labels={labels}
      carousel={{ finite: false }}
      zoom={{ scrollToZoom: true }}
      thumbnails={{ width: 96, height: 64, gap: 12, border: 1, borderRadius: 8, padding: 0, imageFit: "cover" }}
      captions={{ descriptionTextAlign: "start" }}
    />
  );
}
