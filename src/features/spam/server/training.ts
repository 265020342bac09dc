import { MAX_SAMPLES } from "../../samples/schema";
import { CORPORA, type Corpus, type CorpusEntry, type CorpusName } from "../corpora";
import { type Example, type LearnedModel, type TrainOptions, train } from "./learned";
import { type EnquiryText, learnedInput } from "./screen";

/** The training settings, chosen on the first three corpora alone; the three averaged runs over sixteen (docs/spam.md). */
export const TRAINING: TrainOptions = { bits: 18, epochs: 12, rate: 0.5, l2: 1e-6, runs: 3 };

/**
 * A corpus entry as the form would have posted it: a sample request with its first MAX_SAMPLES
 * finishes, since the form takes no more (a post of more is refused and stored nowhere).
 */
export const entryText = (entry: CorpusEntry): EnquiryText => ({
  kind: entry.kind === "samples" ? "samples" : "contact",
  name: entry.name,
  email: entry.email,
  company: entry.company,
  phone: entry.phone,
  message: entry.message ?? null,
  address: entry.address ?? null,
  finishes: entry.finishes?.slice(0, MAX_SAMPLES) ?? null,
  language: entry.language,
});

/** What the filter reads of a corpus entry. */
export const entryInput = (entry: CorpusEntry) => learnedInput(entryText(entry));

/** A corpus's entries as training examples, balanced by the message's language. */
export function corpusExamples(corpus: Corpus): Example[] {
  return [
    ...corpus.legitimate.map((entry) => ({ input: entryInput(entry), spam: false, group: entry.language })),
    ...corpus.spam.map((entry) => ({ input: entryInput(entry), spam: true, group: entry.language })),
  ];
}

/** Examples from the corpora named (all of them unless told), and any others given. */
export function trainingExamples(names: CorpusName[] = Object.keys(CORPORA) as CorpusName[]): Example[] {
  return names.flatMap((name) => corpusExamples(CORPORA[name]));
}

/** A model trained with the site's settings. */
export const trainModel = (examples: Example[]): LearnedModel => train(examples, TRAINING);
