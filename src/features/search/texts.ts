import type { Locale } from "../../i18n/locales";

/**
 * The search dialog's words in each language. They live here rather than in the dictionaries
 * because the dialog loads on demand: its chunk carries these few lines, and no page's HTML does.
 */
export interface SearchTexts {
  title: string;
  placeholder: string;
  close: string;
  /** The status line: one result, more ({count}), none ({query}). */
  one: string;
  other: string;
  none: string;
  loading: string;
  failed: string;
}

export const SEARCH_TEXTS: Record<Locale, SearchTexts> = {
  en: {
    title: "Search the site",
    placeholder: "Panels, finishes, acoustics…",
    close: "Close search",
    one: "1 page found",
    other: "{count} pages found",
    none: "No page matches “{query}”. Try a shorter word.",
    loading: "Loading search…",
    failed: "Search could not load. Browse the products or the learning pages instead.",
  },
  et: {
    title: "Otsi saidilt",
    placeholder: "Paneelid, viimistlused, akustika…",
    close: "Sulge otsing",
    one: "Leitud 1 leht",
    other: "Leitud {count} lehte",
    none: "Päringule „{query}” ei vasta ükski leht. Proovige lühemat sõna.",
    loading: "Otsing laadib…",
    failed: "Otsingut ei õnnestunud laadida. Sirvige selle asemel tooteid või õppematerjale.",
  },
  fi: {
    title: "Hae sivustolta",
    placeholder: "Paneelit, pinnat, akustiikka…",
    close: "Sulje haku",
    one: "1 sivu löytyi",
    other: "{count} sivua löytyi",
    none: "Haulla ”{query}” ei löytynyt sivuja. Kokeile lyhyempää sanaa.",
    loading: "Haku latautuu…",
    failed: "Hakua ei voitu ladata. Selaa sen sijaan tuotteita tai oppimateriaaleja.",
  },
  sv: {
    title: "Sök på webbplatsen",
    placeholder: "Paneler, ytor, akustik…",
    close: "Stäng sökningen",
    one: "1 sida hittades",
    other: "{count} sidor hittades",
    none: "Ingen sida matchar ”{query}”. Prova ett kortare ord.",
    loading: "Sökningen laddas…",
    failed: "Sökningen kunde inte laddas. Bläddra bland produkterna eller kunskapssidorna i stället.",
  },
};
