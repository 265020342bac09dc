import { disguisedWord } from "./rules";

/**
 * The learned part of the spam check: logistic regression over character n-grams and a few facts of
 * the post's shape, trained on labelled enquiries. Character n-grams carry across languages and
 * disguises ("s.e.o", "SE0", a Cyrillic "о" in a Latin word, a zero-width space), which word lists do
 * not. The language or script of a message is no signal: each language's spam and legitimate
 * enquiries weigh the same in training, so an n-gram that only says "this is Russian" learns nothing.
 * The model holds hashed feature weights and nothing of any enquiry's text.
 */

/** What the classifier reads of an enquiry: the form's text fields. */
export interface LearnedInput {
  kind?: "contact" | "samples" | undefined;
  name: string;
  email: string;
  company: string | null;
  phone?: string | null;
  message: string | null;
  address?: { street: string; city: string } | null;
  /** A sample request's finishes, as "<product>/<finish>". */
  finishes?: string[] | null | undefined;
}

/** A trained model: its weights by feature hash, the bias, and the names of its strongest features. */
export interface LearnedModel {
  version: 1;
  bits: number;
  bias: number;
  weights: Record<string, number>;
}

const ZERO_WIDTH = /\p{Cf}|\u034f|\u115f|\u1160|\u3164|\uffa0/gu;
/** Cyrillic and Greek letters drawn like Latin ones, as spam writes them inside Latin words. */
const LOOKALIKES: Record<string, string> = {
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ο: "o",
  α: "a",
  ε: "e",
  ρ: "p",
  ν: "v",
  κ: "k",
  τ: "t",
};
/** Latin letters drawn like Cyrillic ones, as spam writes them inside Cyrillic words. */
const CYRILLIC_LOOKALIKES: Record<string, string> = Object.fromEntries(
  Object.entries(LOOKALIKES)
    .filter(([char]) => /\p{Script=Cyrillic}/u.test(char))
    .map(([cyrillic, latin]) => [latin, cyrillic]),
);
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * A word that mixes scripts reads as the word it imitates: as Latin when each of its other letters is
 * a look-alike of a Latin one, as Cyrillic when each of its Latin letters is a look-alike of a
 * Cyrillic one.
 */
function unmask(word: string): string {
  const letters = [...word];
  if (!letters.some((char) => LATIN.test(char))) return word;
  const foreign = letters.filter((char) => /\p{L}/u.test(char) && !LATIN.test(char));
  if (foreign.every((char) => char in LOOKALIKES)) return letters.map((char) => LOOKALIKES[char] ?? char).join("");
  if (!foreign.every((char) => CYRILLIC.test(char))) return word;
  return letters.map((char) => CYRILLIC_LOOKALIKES[char] ?? char).join("");
}

/**
 * Text as the model reads it: NFKC, lower case, invisible characters removed, look-alike letters in
 * Latin words unmasked, "dot com" and "hxxp" read as what they stand for, letters spelt out with dots
 * or spaces ("s.e.o", "s e o") joined, and digits that stand for letters inside words read as letters.
 */
export function readable(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(ZERO_WIDTH, "")
    .replace(/\s*(?:\(|\[)?\s*dot\s*(?:\)|\])?\s*(com|net|org|io|ee|eu|example)\b/gu, ".$1")
    .replace(/\bhxxp(s?)/gu, "http$1")
    .replace(/\b(?:\p{L}[.\s](?=\p{L}\b)){2,}\p{L}\b/gu, (spelt) => spelt.replace(/[.\s]/gu, ""))
    .replace(/(?<=\p{L})[0@$](?=\p{L})/gu, (char) => ({ "0": "o", "@": "a", $: "s" })[char] ?? char)
    .split(/(\s+)/u)
    .map(unmask)
    .join("");
}

const URL_LIKE = /(?:https?:\/\/|www\.|\b[\p{L}\d-]+\.(?:com|net|org|io|ly|ru|xyz|shop|site|online|example)\b)/u;
const MONEY = /(?:[$€£]\s?\d|\d\s?(?:[$€£]|eur|usd|euro)|\b\d+\s?%)/iu;

/** Facts of the post's shape, as tokens of their own (a "#" cannot start an n-gram). */
function shapeTokens(input: LearnedInput, message: string): string[] {
  const tokens = [`#kind:${input.kind ?? "contact"}`];
  const links = message.match(new RegExp(URL_LIKE, "gu"))?.length ?? 0;
  tokens.push(links === 0 ? "#links:0" : links < 3 ? "#links:1-2" : "#links:3+");
  if (URL_LIKE.test(readable(input.name))) tokens.push("#url-in-name");
  if (input.company && URL_LIKE.test(readable(input.company))) tokens.push("#url-in-company");
  if (input.address && URL_LIKE.test(readable(`${input.address.street} ${input.address.city}`)))
    tokens.push("#url-in-address");
  if (MONEY.test(message)) tokens.push("#money");
  if (disguisedWord([input.name, input.company, input.message, input.address?.street].join(" ")))
    tokens.push("#disguise");
  if (input.kind !== "samples")
    tokens.push(message.length < 80 ? "#short" : message.length < 400 ? "#medium" : "#long");
  else if (input.finishes?.length) {
    // How much is asked for, and across how many product lines: a customer mostly compares within one
    // or two, a collector takes one of everything.
    const lines = new Set(input.finishes.map((key) => key.split("/")[0])).size;
    tokens.push(`#finishes:${Math.min(input.finishes.length, 5)}`, `#lines:${Math.min(lines, 3)}`);
  }
  return tokens;
}

/** The words of a text, as the n-grams are cut from them. */
const words = (text: string) => text.split(/[^\p{L}\p{N}$€@.]+/u).filter(Boolean);

/** Character n-grams (3 to 5) of one word, with its edges marked, prefixed by its field. */
function wordGrams(field: string, word: string): string[] {
  const out: string[] = [];
  const padded = ` ${word} `;
  for (let n = 3; n <= 5; n++) {
    for (let i = 0; i + n <= padded.length; i++) out.push(`${field}${padded.slice(i, i + n)}`);
  }
  return out;
}

const grams = (field: string, text: string) => words(text).flatMap((word) => wordGrams(field, word));

/**
 * The fields as the model reads them, each with the prefix its n-grams carry. Of a sample request it
 * reads the company and the mail box's name, not the person's name or the address: who someone is
 * and where they live say nothing of what they want, and a model learns them by rote (a street where
 * one corpus's abuse was sent). The rules still read both, for placeholders, mash and links.
 */
function fields(input: LearnedInput): [string, string][] {
  const who = input.kind === "samples" ? (input.company ?? "") : `${input.name} ${input.company ?? ""}`;
  return [
    ["m:", readable(input.message ?? "")],
    ["n:", readable(who)],
    ["e:", readable(input.email.split("@")[0] ?? "")],
  ];
}

/** Every feature of one enquiry, as strings (n-grams and shape tokens). */
export function features(input: LearnedInput): string[] {
  const [[, message = ""] = ["m:", ""]] = fields(input);
  return [...shapeTokens(input, message), ...fields(input).flatMap(([field, text]) => grams(field, text))];
}

/** FNV-1a, 32 bits: a feature's bucket among 2^bits. */
export function bucket(feature: string, bits: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) {
    hash ^= feature.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & ((1 << bits) - 1);
}

/** The features' buckets, each counted once (an enquiry's length does not multiply its evidence). */
const buckets = (input: LearnedInput, bits: number) => [...new Set(features(input).map((f) => bucket(f, bits)))];

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The bias plus the weights of the enquiry's features, scaled by their count. */
function logit(model: LearnedModel, ids: number[]): number {
  const scale = 1 / Math.sqrt(Math.max(1, ids.length));
  return ids.reduce((sum, id) => sum + (model.weights[id] ?? 0) * scale, model.bias);
}

/** The probability that an enquiry is spam, 0 to 1. */
export function spamProbability(model: LearnedModel, input: LearnedInput): number {
  return sigmoid(logit(model, buckets(input, model.bits)));
}

/**
 * The words that weighed most towards spam in this enquiry (each word's n-grams together), as the
 * model read them: what the detail dialog names beside the probability.
 */
export function strongestFeatures(model: LearnedModel, input: LearnedInput, count = 5): string[] {
  const weighed = new Map<string, number>();
  for (const [field, text] of fields(input)) {
    for (const word of words(text)) {
      const ids = new Set(wordGrams(field, word).map((gram) => bucket(gram, model.bits)));
      const weight = [...ids].reduce((sum, id) => sum + (model.weights[id] ?? 0), 0);
      weighed.set(word, Math.max(weighed.get(word) ?? Number.NEGATIVE_INFINITY, weight));
    }
  }
  return [...weighed]
    .filter(([, weight]) => weight > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([word]) => word);
}

/** A pseudo-random sequence from a seed (mulberry32), so that training is repeatable. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in a random order (Fisher–Yates). */
function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** One labelled enquiry for training; `group` is what each label is balanced within (its language). */
export interface Example {
  input: LearnedInput;
  spam: boolean;
  group: string;
}

export interface TrainOptions {
  bits?: number;
  epochs?: number;
  rate?: number;
  /** L2 penalty per step. */
  l2?: number;
  /** How many models are trained, each on its own order of the examples, and averaged. */
  runs?: number;
}

/** One run of training: `epochs` passes over `data` in the order `random` shuffles it to. */
function trainRun(
  data: { ids: number[]; y: number; weight: number }[],
  random: () => number,
  options: Required<TrainOptions>,
) {
  const { bits, epochs, rate, l2 } = options;
  const weights = new Float64Array(1 << bits);
  const squares = new Float64Array(1 << bits);
  let bias = 0;
  let biasSquares = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const { ids, y, weight } of shuffled(data, random)) {
      const scale = 1 / Math.sqrt(Math.max(1, ids.length));
      const z = ids.reduce((sum, id) => sum + (weights[id] ?? 0) * scale, bias);
      const gradient = (sigmoid(z) - y) * weight;
      for (const id of ids) {
        const g = gradient * scale + l2 * (weights[id] ?? 0);
        squares[id] = (squares[id] ?? 0) + g * g;
        weights[id] = (weights[id] ?? 0) - (rate * g) / Math.sqrt((squares[id] ?? 0) + 1e-8);
      }
      biasSquares += gradient * gradient;
      bias -= (rate * gradient) / Math.sqrt(biasSquares + 1e-8);
    }
  }
  return { weights, bias };
}

/**
 * Logistic regression by stochastic gradient descent with AdaGrad steps and an L2 penalty, in fixed
 * orders (the same examples give the same model). Each (group, label) pair weighs the same in total,
 * so no language's n-grams learn which way its examples happened to lean. Several runs, each in its
 * own order, are averaged: which examples a single run happened to see last moves its borderline
 * verdicts, and the average's far less. The weights are learned in typed arrays, one slot per bucket,
 * and only those that matter are kept.
 */
export function train(examples: Example[], options: TrainOptions = {}): LearnedModel {
  const settings: Required<TrainOptions> = { bits: 18, epochs: 12, rate: 0.5, l2: 1e-6, runs: 3, ...options };
  const { bits, runs } = settings;
  const counts = new Map<string, number>();
  for (const e of examples) counts.set(`${e.group}|${e.spam}`, (counts.get(`${e.group}|${e.spam}`) ?? 0) + 1);
  const pairs = counts.size;
  const data = examples.map((e) => ({
    ids: buckets(e.input, bits),
    y: e.spam ? 1 : 0,
    weight: examples.length / pairs / (counts.get(`${e.group}|${e.spam}`) ?? 1),
  }));
  const random = seeded(1);
  const sum = new Float64Array(1 << bits);
  let bias = 0;
  for (let run = 0; run < runs; run++) {
    const trained = trainRun(data, random, settings);
    trained.weights.forEach((weight, id) => {
      sum[id] = (sum[id] ?? 0) + weight / runs;
    });
    bias += trained.bias / runs;
  }
  const model: LearnedModel = { version: 1, bits, bias, weights: {} };
  sum.forEach((weight, id) => {
    if (Math.abs(weight) >= 2e-3) model.weights[id] = Math.round(weight * 1e3) / 1e3;
  });
  return model;
}
