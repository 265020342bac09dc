import { beforeAll, describe, expect, it } from "vitest";
import { crossCorpus } from "../../../../../src/features/spam/server/cross-corpus";
import {
  features,
  type LearnedModel,
  readable,
  spamProbability,
  strongestFeatures,
} from "../../../../../src/features/spam/server/learned";
import { SPAM_THRESHOLD } from "../../../../../src/features/spam/server/rules";
import { contentReasons, type EnquiryText, total } from "../../../../../src/features/spam/server/screen";
import { trainingExamples, trainModel } from "../../../../../src/features/spam/server/training";

describe("readable: text as the learned filter reads it", () => {
  it("reads disguised words as the words they imitate", () => {
    expect(readable("Best s.e.o offer")).toBe("best seo offer");
    expect(readable("S E O services")).toBe("seo services");
    expect(readable("m@rketing and l0w prices")).toBe("marketing and low prices");
    expect(readable("se\u200bo\u2060 rank")).toBe("seo rank");
    expect(readable("visit shop dot com today")).toBe("visit shop.com today");
    expect(readable("hxxps://x.example")).toBe("https://x.example");
    // A Cyrillic "е" and "о" inside a Latin word.
    expect(readable("s\u0435\u043e rank")).toBe("seo rank");
  });

  it("leaves words written wholly in another script as they are", () => {
    expect(readable("Здравствуйте, нужны панели")).toBe("здравствуйте, нужны панели");
    expect(readable("Γειά σου")).toBe("γειά σου");
  });
});

describe("features", () => {
  it("marks a link in the name, money and the form's kind as facts of their own", () => {
    const found = features({
      name: "Cheap loans www.loans.example",
      email: "a@b.example",
      company: null,
      message: "From €99 only",
    });
    expect(found).toContain("#url-in-name");
    expect(found).toContain("#money");
    expect(found).toContain("#kind:contact");
  });
});

describe("training", () => {
  const examples = trainingExamples(["labelled", "held-out"]);

  it("is repeatable: the same examples give the same model", () => {
    expect(trainModel(examples)).toEqual(trainModel(examples));
  });

  it("names the n-grams that weighed most towards spam", () => {
    const model = trainModel(examples);
    const seo = {
      name: "Jessica",
      email: "j@rank.example",
      company: null,
      message: "We will rank your website on the first page of Google with SEO backlinks.",
    };
    expect(spamProbability(model, seo)).toBeGreaterThan(0.7);
    expect(strongestFeatures(model, seo).length).toBeGreaterThan(0);
  });
});

describe("the verdict on a message of a few words", () => {
  // A model that calls everything spam: only the verdict's own rules can keep an enquiry out.
  const certain: LearnedModel = { version: 1, bits: 4, bias: 20, weights: {} };
  const contact = (message: string): EnquiryText => ({
    name: "Aksel",
    email: "aksel@example.ee",
    company: null,
    phone: null,
    message,
  });
  const filed = (message: string) => total(contentReasons(contact(message), "missing", certain)) >= SPAM_THRESHOLD;

  it("is never filed by the learned filter alone, however sure it is", () => {
    expect(filed("Accessible")).toBe(false);
    expect(filed("Price list please?")).toBe(false);
    expect(filed("Could you send prices for felt panels?")).toBe(false);
  });

  it("is filed by the learned filter alone when it carries a link of its own", () => {
    expect(filed("Cheap meds here: pills-online.example/shop")).toBe(true);
    expect(filed("Pics: seuraa-minua dot example")).toBe(true);
  });

  it("is filed from eight words, or with a content rule's support", () => {
    expect(filed("Could you please send me the price list for felt panels?")).toBe(true);
    expect(filed("Cheap backlinks: https://a.example https://b.example https://c.example")).toBe(true);
  });
});

describe("the spam check on corpora it never learned from", () => {
  let splits: ReturnType<typeof crossCorpus> = [];
  // Seventeen trainings, one per corpus left out, beside the other test files: a generous limit.
  beforeAll(() => {
    splits = crossCorpus();
  }, 300_000);

  it("files few Russian customers, each for what it says, and a missing proof of work never makes one spam", () => {
    // 3 of 358 Russian legitimate enquiries, against 4 of 2,096 in all: each a hard case written to look
    // like spam (a developer's vague teaser, a supplier's catalogue link, a photo studio proposing an
    // exchange). The learned filter's median for Russian customers is the lowest of any language.
    const russian = splits
      .filter((s) => s.proof === "valid")
      .reduce((n, s) => n + (s.byLanguage.ru?.legitimate.filed ?? 0), 0);
    expect(russian).toBeLessThanOrEqual(3);
    const filed = (proof: string) =>
      splits.filter((s) => s.proof === proof).reduce((n, s) => n + s.legitimate.filed, 0);
    expect(filed("missing")).toBe(filed("valid"));
  });

  it("holds its figures: 1,987 of 2,105 spam caught over every split, at most 4 of 2,096 legitimate filed as spam", () => {
    // The training is seeded, so these figures are exact; a change that lowers them fails here.
    const solved = splits.filter((s) => s.proof === "valid");
    expect(solved.reduce((n, s) => n + s.spam.filed, 0)).toBeGreaterThanOrEqual(1987);
    expect(solved.reduce((n, s) => n + s.spam.of, 0)).toBe(2105);
    expect(solved.reduce((n, s) => n + s.legitimate.filed, 0)).toBeLessThanOrEqual(4);
    // The corpora written last, each apart and first measured after the settings it was judged on.
    const row = (name: string) => solved.find((s) => s.corpus === name);
    expect(row("winter")?.spam.filed).toBeGreaterThanOrEqual(103);
    expect(row("spring")?.spam.filed).toBeGreaterThanOrEqual(108);
    expect(row("autumn")?.spam.filed).toBeGreaterThanOrEqual(143);
    expect(row("market")?.spam.filed).toBeGreaterThanOrEqual(145);
    expect(row("summer")?.spam.filed).toBeGreaterThanOrEqual(144);
    expect(row("harvest")?.spam.filed).toBeGreaterThanOrEqual(146);
    expect(row("frost")?.spam.filed).toBeGreaterThanOrEqual(142);
    expect(row("thaw")?.spam.filed).toBeGreaterThanOrEqual(132);
    expect(row("dusk")?.spam.filed).toBeGreaterThanOrEqual(140);
    expect(row("ember")?.spam.filed).toBeGreaterThanOrEqual(138);
    expect(row("gale")?.spam.filed).toBeGreaterThanOrEqual(140);
    expect(row("haze")?.spam.filed).toBeGreaterThanOrEqual(144);
  });
});
