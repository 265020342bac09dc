import { CORPORA, type CorpusEntry, type CorpusName } from "../corpora";
import { counted, type DeliveryVisit, deliveryKey, repeatReason, requesterOf, withVisit } from "./repeat-address";
import type { ProofState } from "./rules";
import { SPAM_THRESHOLD } from "./rules";
import { contentReasons, finishKeys, total } from "./screen";
import { entryText, trainingExamples, trainModel } from "./training";

/** How one group of a corpus's entries was filed: spam caught, or legitimate filed as spam. */
export interface Tally {
  filed: number;
  of: number;
}

/** One split: trained on every other corpus, measured on `corpus`. */
export interface Split {
  corpus: CorpusName;
  proof: ProofState;
  spam: Tally;
  legitimate: Tally & { wrong: string[] };
  /** Spam caught by the message's language, and by its kind (a corpus's category, or its form). */
  byLanguage: Record<string, { spam: Tally; legitimate: Tally }>;
  byKind: Record<string, Tally>;
}

const tally = (): Tally => ({ filed: 0, of: 0 });

/** The value under `key`, made and kept on first use. */
function entryOf<T>(map: Record<string, T>, key: string, make: () => T): T {
  const found = map[key] ?? make();
  map[key] = found;
  return found;
}
const count = (t: Tally, filed: boolean) => {
  t.of += 1;
  if (filed) t.filed += 1;
};

/** A corpus's entries as a site would get them: spam and legitimate in turn, one an hour. */
function arrivals(corpus: CorpusName) {
  const { spam, legitimate } = CORPORA[corpus];
  const both = Array.from({ length: Math.max(spam.length, legitimate.length) }, (_, i) => [
    ...(spam[i] ? [{ label: "spam" as const, entry: spam[i] }] : []),
    ...(legitimate[i] ? [{ label: "legitimate" as const, entry: legitimate[i] }] : []),
  ]).flat();
  return both.map((arrival, i) => ({ ...arrival, at: i * 60 * 60 * 1000 }));
}

/** The repeat-address check over one replayed corpus, its record kept in memory. */
function replayedRepeatCheck() {
  const record = new Map<string, DeliveryVisit[]>();
  const salt = "cross-corpus";
  return (entry: CorpusEntry, at: number) => {
    const enquiry = entryText(entry);
    const address = enquiry.address;
    if (entry.kind !== "samples" || !address) return 0;
    const request = { ...entry, address };
    if (!counted(request)) return 0;
    const key = deliveryKey(request, salt);
    const visit = { at, by: requesterOf(request, salt), finishes: finishKeys(enquiry) ?? [] };
    const visits = withVisit(record.get(key) ?? [], visit);
    record.set(key, visits);
    return repeatReason(visits)?.points ?? 0;
  };
}

/**
 * The spam check measured only on enquiries it never learned from: for each corpus, the learned
 * filter is trained on all the others, and the corpus's every entry goes through the checks that need
 * no network (rules, proof of work as given, learned filter, and the repeat-address check on the
 * corpus replayed in order), as the functions run them.
 */
export function crossCorpus(proofs: ProofState[] = ["valid", "missing"]): Split[] {
  const names = Object.keys(CORPORA) as CorpusName[];
  return names.flatMap((corpus) => {
    const model = trainModel(trainingExamples(names.filter((name) => name !== corpus)));
    return proofs.map((proof) => {
      const split: Split = {
        corpus,
        proof,
        spam: tally(),
        legitimate: { ...tally(), wrong: [] },
        byLanguage: {},
        byKind: {},
      };
      const repeat = replayedRepeatCheck();
      for (const { label, entry, at } of arrivals(corpus)) {
        const spam = total(contentReasons(entryText(entry), proof, model)) + repeat(entry, at) >= SPAM_THRESHOLD;
        const language = entryOf(split.byLanguage, entry.language, () => ({ spam: tally(), legitimate: tally() }));
        count(split[label], spam);
        count(language[label], spam);
        if (label === "spam") count(entryOf(split.byKind, entry.category ?? entry.kind, tally), spam);
        else if (spam) split.legitimate.wrong.push(`${entry.language}: ${entry.note}`);
      }
      return split;
    });
  });
}

/**
 * How long the checks take for one post with the model the build trains (on every corpus): each
 * entry of every corpus classified in turn, after one warm-up pass. Milliseconds: median, 95th
 * percentile and slowest.
 */
export function classificationTimes(): { median: number; p95: number; max: number } {
  const model = trainModel(trainingExamples());
  const entries = Object.values(CORPORA).flatMap((corpus) => [...corpus.spam, ...corpus.legitimate]);
  const classify = (entry: CorpusEntry) => contentReasons(entryText(entry), "valid", model);
  for (const entry of entries) classify(entry);
  const times = entries
    .map((entry) => {
      const started = performance.now();
      classify(entry);
      return performance.now() - started;
    })
    .sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: times.at(-1) ?? 0 };
}
