import { describe, expect, it } from "vitest";
import fresh from "../../../../../src/features/spam/corpora/fresh.json";
import heldOut from "../../../../../src/features/spam/corpora/held-out.json";
import corpus from "../../../../../src/features/spam/corpora/labelled.json";
import {
  type ProofState,
  type ScoredText,
  SPAM_THRESHOLD,
  scoreEnquiry,
} from "../../../../../src/features/spam/server/rules";

// The content rules against a labelled corpus written as customers and spammers write: enquiries and
// sample requests in English, Estonian, Finnish, Swedish and Russian (short and long, some with a link
// to a floor plan or a mood board, and hard cases that mention SEO, crypto, a loan of samples or write
// in capitals), and the kinds of spam contact forms get.

interface Entry {
  kind: string;
  language: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message?: string;
  address?: { street: string; postal_code: string; city: string };
  note: string;
}

const scored = (entry: Entry, proof: ProofState): ScoredText => ({
  name: entry.name,
  email: entry.email,
  company: entry.company,
  phone: entry.phone,
  message: entry.message ?? null,
  address: entry.address ?? null,
  proof,
});

const legitimate = corpus.legitimate as Entry[];
const spam = corpus.spam as Entry[];

describe("the content rules on the labelled corpus", () => {
  it("holds at least 100 legitimate enquiries in five languages and 100 spam messages", () => {
    expect(legitimate.length).toBeGreaterThanOrEqual(100);
    expect(spam.length).toBeGreaterThanOrEqual(100);
    for (const language of ["en", "et", "fi", "sv", "ru"]) {
      expect(legitimate.filter((e) => e.language === language).length, language).toBeGreaterThanOrEqual(18);
    }
  });

  it("never files a legitimate enquiry as spam, with a proof of work, without one, or with an expired one", () => {
    const wrong = legitimate.flatMap((entry) =>
      (["valid", "missing", "stale"] as const).flatMap((proof) => {
        const verdict = scoreEnquiry(scored(entry, proof));
        return verdict.spam ? [`${entry.language} ${entry.note} (${proof}): ${JSON.stringify(verdict.reasons)}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("files at least 95% of the spam as spam when it carries a valid proof of work", () => {
    const caught = spam.filter((entry) => scoreEnquiry(scored(entry, "valid")).spam);
    expect(caught.length / spam.length).toBeGreaterThanOrEqual(0.95);
  });
});

describe("the content rules on text they were not written against", () => {
  // The held-out corpus was written apart from the rules (two rules changed after its misses: more
  // credit for describing a room, and no theme read in a company's name); the fresh one was written
  // apart after those changes. Spam caught there is reported by the bench, not held here: rules of
  // phrases miss spam they have not seen. What is held is the promise: no customer is filed as spam.
  for (const [label, set] of [
    ["held out", heldOut],
    ["fresh", fresh],
  ] as const) {
    it(`files no legitimate enquiry of the ${label} corpus as spam, with a proof of work or without`, () => {
      const entries = set.legitimate as Entry[];
      expect(entries.length).toBeGreaterThanOrEqual(60);
      const wrong = entries.flatMap((entry) =>
        (["valid", "missing", "stale"] as const).flatMap((proof) =>
          scoreEnquiry(scored(entry, proof)).spam ? [`${entry.language} ${entry.note} (${proof})`] : [],
        ),
      );
      expect(wrong).toEqual([]);
    });
  }
});

describe("the rules of fairness", () => {
  const plain: ScoredText = {
    name: "Mari Maasikas",
    email: "mari@example.ee",
    company: null,
    phone: null,
    message: "Tere! Kas saadate paneele ka Saaremaale?",
    proof: "missing",
  };

  it("never makes an enquiry spam for a missing or expired proof alone", () => {
    for (const proof of ["missing", "stale"] as const) {
      const verdict = scoreEnquiry({ ...plain, proof });
      expect(verdict.spam).toBe(false);
      expect(verdict.score).toBeLessThan(SPAM_THRESHOLD);
    }
  });

  it("scores the same question the same in Russian, in Cyrillic, as in English or Estonian", () => {
    const questions = [
      "How much does delivery of 20 felt panels to Narva cost, and how long does it take?",
      "Kui palju maksab 20 vildipaneeli saatmine Narva ja kui kaua see võtab?",
      "Сколько стоит доставка 20 войлочных панелей в Нарву и сколько это займёт времени?",
    ];
    const scores = questions.map((message) => scoreEnquiry({ ...plain, message, proof: "valid" }).score);
    expect(new Set(scores).size).toBe(1);
    expect(scores[0]).toBeLessThanOrEqual(0);
  });

  it("gives each reason its points, and the score is their sum", () => {
    const verdict = scoreEnquiry({
      ...plain,
      name: "SEO Services https://rank.example",
      message: "We offer backlinks, DA 50+. https://bit.ly/abc https://rank.example https://x.example",
      proof: "invalid",
    });
    expect(verdict.spam).toBe(true);
    expect(verdict.score).toBe(verdict.reasons.reduce((sum, reason) => sum + reason.points, 0));
    expect(verdict.reasons.map((reason) => reason.rule)).toEqual(
      expect.arrayContaining(["links", "shortener", "name-link", "seo", "bad-proof"]),
    );
  });

  it("takes more off for a message that describes a room than for one that borrows a word of the site", () => {
    const room = scoreEnquiry({
      ...plain,
      message:
        "Our office meeting room echoes badly: 30 m², a concrete ceiling and glass walls. Which panels would you suggest?",
      proof: "valid",
    });
    expect(room.reasons).toContainEqual(expect.objectContaining({ rule: "on-topic", points: -2 }));
    const borrowed = scoreEnquiry({
      ...plain,
      message: "We build mobile apps for acoustic panel brands at half the price of local agencies.",
      proof: "valid",
    });
    expect(
      borrowed.reasons.filter((reason) => reason.rule === "on-topic").map((reason) => reason.points),
    ).not.toContain(-2);
  });

  it("reads no theme in a company's name: a loan office asking about its room is a customer", () => {
    const enquiry = {
      ...plain,
      company: "Narva Laen OÜ",
      message: "Our open-plan office needs panels on the walls so that clients cannot hear each other.",
      proof: "missing" as const,
    };
    expect(scoreEnquiry(enquiry).reasons.map((reason) => reason.rule)).not.toContain("money-words");
    expect(scoreEnquiry({ ...enquiry, message: `${enquiry.message} Laen kuni 5000 €.` }).reasons).toContainEqual(
      expect.objectContaining({ rule: "money-words" }),
    );
  });
});

describe("a word in disguise", () => {
  const text = (message: string): ScoredText => ({
    name: "Mari Tamm",
    email: "mari@example.com",
    company: null,
    phone: null,
    message,
    proof: "valid",
  });
  const disguise = (message: string) => scoreEnquiry(text(message)).reasons.find((r) => r.rule === "disguise");

  it("files a word of two scripts, or with an invisible character inside, as spam by itself", () => {
    // A Cyrillic "е" and "о" in a Latin word; a Latin "o" in a Cyrillic word; a zero-width space.
    for (const message of ["We do s\u0435\u043e for you", "Предлагаем сотрудничеств\u006f", "Best S\u200bEO here"]) {
      expect(disguise(message)?.points).toBe(5);
    }
  });

  it("leaves words of two languages side by side alone, and an emoji's joiner", () => {
    for (const message of ["Tere, нужна панель for the office", "Great team 👩\u200d💻 thanks", "Käsitöö, öö, ÜÕ"]) {
      expect(disguise(message)).toBeUndefined();
    }
  });
});

describe("a sample request filled in as no customer would", () => {
  const request = (name: string, company: string | null, street: string, postal: string, city: string): ScoredText => ({
    name,
    email: "x@example.com",
    company,
    phone: null,
    message: null,
    address: { street, postal_code: postal, city },
    proof: "valid",
  });
  const points = (text: ScoredText) => scoreEnquiry(text).score;

  it("files one value in three fields, or a placeholder, as spam by itself", () => {
    expect(points(request("ZxQwPtLm", "ZxQwPtLm", "ZxQwPtLm", "1", "Tallinn"))).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
    expect(points(request("Test Test", "Test", "Testi 1", "10111", "Tallinn"))).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
    expect(points(request("Ola Nordmann", null, "Storgata 1", "0155", "Oslo"))).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
    // The form's own labels typed in as a name.
    expect(points(request("Nimi Perekonnanimi", null, "Tänav 1", "10111", "Linn"))).toBeGreaterThanOrEqual(
      SPAM_THRESHOLD,
    );
    expect(points(request("Etunimi Sukunimi", null, "Katu 1", "00100", "Helsinki"))).toBeGreaterThanOrEqual(
      SPAM_THRESHOLD,
    );
  });

  it("files keyboard mash and a cartoon's name as spam by itself", () => {
    expect(points(request("öäöäöä", null, "jklöjklö", "99999", "Oulu"))).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
    expect(points(request("Kalle Anka", null, "Paradisäppelvägen 111", "123 45", "Ankeborg"))).toBeGreaterThanOrEqual(
      SPAM_THRESHOLD,
    );
    expect(points(request("Aku Ankka", null, "Paratiisitie 13", "00130", "Ankkalinna"))).toBeGreaterThanOrEqual(
      SPAM_THRESHOLD,
    );
  });

  it("files a run of six consonants, or a word that keeps switching case, as keyboard mash", () => {
    expect(points(request("Kjhsdf Lkj", null, "Pikk 2", "10123", "Tallinn"))).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
    expect(points(request("hJkLqWeRtY", null, "Pikk 2", "10123", "Tallinn"))).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
  });

  it("leaves names with long consonant clusters or capitals inside them alone", () => {
    for (const [name, street, city] of [
      ["Elin Nordström", "Angströmsgatan 4", "Uppsala"],
      ["Agnieszka Szczepańska", "Strindbergsgatan 12", "Stockholm"],
      ["Ryan McDonald-DeVries", "Hirschstraße 8", "Lübeck"],
    ]) {
      expect(points(request(name ?? "", null, street ?? "", "75105", city ?? "")), name).toBeLessThan(SPAM_THRESHOLD);
    }
  });

  it("leaves names and streets that repeat a syllable alone", () => {
    expect(points(request("Anna Papa", null, "Kukkuu 4", "00100", "Helsinki"))).toBeLessThan(SPAM_THRESHOLD);
    expect(points(request("Lala Saar", null, "Tartu mnt 80d-12", "10112", "Tallinn"))).toBeLessThan(SPAM_THRESHOLD);
  });

  it("leaves real requests alone: a company named like its owner, a c/o address, a testing laboratory", () => {
    expect(points(request("Liisa Põder", "Liisa Põder", "Telliskivi 60a/3", "10412", "Tallinn"))).toBeLessThan(
      SPAM_THRESHOLD,
    );
    expect(points(request("Anna Berg", null, "c/o Lind, Box 12", "164 22", "Kista"))).toBeLessThan(SPAM_THRESHOLD);
    expect(points(request("Pekka Virta", "Nordic Testing Laboratory Oy", "Tekniikantie 4", "02150", "Espoo"))).toBe(0);
  });
});
