import type { Labels } from "yet-another-react-lightbox";
import type { Dictionary } from "../../i18n/dictionary";

/** The lightbox's texts (its buttons, its ARIA names and descriptions) in the page's language. */
export function lightboxLabels(t: Dictionary["gallery"]): Labels {
  return {
    Lightbox: t.viewer,
    Close: t.close,
    Previous: t.previous,
    Next: t.next,
    "Photo gallery": t.photos,
    Carousel: t.carousel,
    Slide: t.slide,
    "{index} of {total}": t.slideOf,
    "Zoom in": t.zoomIn,
    "Zoom out": t.zoomOut,
    "Enter Fullscreen": t.enterFullscreen,
    "Exit Fullscreen": t.exitFullscreen,
    Thumbnails: t.thumbnails,
    Caption: t.caption,
  } as Labels;
}
