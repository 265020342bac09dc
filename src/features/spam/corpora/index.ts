import autumn from "./autumn.json" with { type: "json" };
import balticGerman from "./baltic-german.json" with { type: "json" };
import dusk from "./dusk.json" with { type: "json" };
import ember from "./ember.json" with { type: "json" };
import fresh from "./fresh.json" with { type: "json" };
import frost from "./frost.json" with { type: "json" };
import gale from "./gale.json" with { type: "json" };
import harvest from "./harvest.json" with { type: "json" };
import haze from "./haze.json" with { type: "json" };
import heldOut from "./held-out.json" with { type: "json" };
import labelled from "./labelled.json" with { type: "json" };
import market from "./market.json" with { type: "json" };
import nordicDisguised from "./nordic-disguised.json" with { type: "json" };
import spring from "./spring.json" with { type: "json" };
import summer from "./summer.json" with { type: "json" };
import thaw from "./thaw.json" with { type: "json" };
import winter from "./winter.json" with { type: "json" };

/**
 * The labelled corpora of legitimate and spam enquiries, each written apart from the others: the
 * learned filter trains on all of them, and `npm run bench` measures it on each one in turn after
 * training on the others (docs/spam.md says how each was written).
 */
const corpora = {
  labelled,
  "held-out": heldOut,
  fresh,
  "baltic-german": balticGerman,
  "nordic-disguised": nordicDisguised,
  winter,
  spring,
  autumn,
  market,
  summer,
  harvest,
  frost,
  thaw,
  dusk,
  ember,
  gale,
  haze,
};

export type CorpusName = keyof typeof corpora;

export const CORPORA = corpora as unknown as Record<CorpusName, Corpus>;

/** A corpus: its legitimate enquiries and its spam. */
export interface Corpus {
  legitimate: CorpusEntry[];
  spam: CorpusEntry[];
}

/** One entry as the corpora hold it: a form's fields, the message's language, and what it is. */
export interface CorpusEntry {
  kind: string;
  language: string;
  category?: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message?: string;
  address?: { street: string; postal_code: string; city: string; country: string };
  finishes?: string[];
  note: string;
}
