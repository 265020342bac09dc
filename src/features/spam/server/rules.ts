import { SPAM_THRESHOLD } from "../threshold";
import type { SpamReason, SpamVerdict } from "./verdict";

/**
 * Content rules for the public forms: a score and the reasons for it. An enquiry whose score reaches
 * SPAM_THRESHOLD is filed as spam (stored, shown in the inbox's Spam folder, not mailed). Two rules of
 * fairness hold whatever the rules below become, and the labelled corpus test checks them:
 * - a missing proof of work (no JavaScript, an old browser) adds to the score but can never reach the
 *   threshold alone;
 * - the language or script of the text is never a signal: an enquiry in Russian, in Cyrillic, on the
 *   Estonian site is a customer. Every phrase rule below names what is said, in each language, not
 *   which letters it is said in.
 */

export { SPAM_THRESHOLD };

/**
 * What the proof of work said: solved and fresh; absent (no JavaScript, an old browser); expired (a
 * visitor who took longer to write than a challenge lasts); or forged or used before, which counts as
 * none at all.
 */
export type ProofState = "valid" | "missing" | "stale" | "invalid";

export interface ScoredText {
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  /** The contact form's message; a sample request has none. */
  message: string | null;
  /** A sample request's address lines. */
  address?: { street: string; postal_code: string; city: string } | null;
  proof: ProofState;
}

export interface Scored extends SpamVerdict {
  /** Whether the score reaches SPAM_THRESHOLD. */
  spam: boolean;
}

/** A URL or a bare domain (`name.tld`, `www.name.tld`); e-mail addresses are not links. */
const LINK =
  /\b(?:https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|(?<![@\w.-])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|ru|xyz|top|site|online|shop|store|app|ly|gl|gd|me|us|example)\b(?:\/[^\s<>"']*)?)/giu;

/** Hosts whose only use is to hide where a link goes. */
const SHORTENERS =
  /\b(?:bit\.ly|tinyurl\.com|t\.co|goo\.gl|rb\.gy|cutt\.ly|is\.gd|ow\.ly|buff\.ly|shorturl\.at|tiny\.cc|t\.ly|s\.id)\//i;

/**
 * What paid spam says, by theme, in the site's languages and in Russian (a quarter of Estonia's
 * people speak it, so Russian spam is as common as Russian customers). Each theme counts once.
 */
const THEMES: { rule: string; points: number; pattern: RegExp }[] = [
  {
    rule: "seo",
    points: 3,
    pattern:
      /(?:\bseo\b|backlinks?|link[- ]?building|link exchange|guest[- ]?posts?|domain authority|\bDA ?\d{2}|google (?:ranking|reviews)|rank(?:ing)? (?:on|at|higher|your)|first page|page (?:1|one) of google|top (?:of|in|10) google|boost your|more traffic|organic traffic|(?:targeted|real) (?:visitors|traffic)|sponsored (?:post|article)|press release|hakukone|googlen etusivu|första sidan|sökmotor|esimesel leheküljel|otsingumootor|продвижени|прогон|в топ|топ-10|ссылк)/iu,
  },
  {
    rule: "about-your-website",
    points: 3,
    pattern:
      /(?:\b(?:noticed|came across|was (?:checking|looking at|browsing|researching)|visited|watched) your (?:website|site|channel|profile)|your (?:website|site|domain|homepage|google (?:business )?listing|business listing|online presence|mailbox|instagram|facebook|youtube channel|listing|conversions)|webmaster|website owner|teie veebisai|veebisaidil|verkkosivustonne|er webbplats|ваш сайт|вашего сайта)/iu,
  },
  {
    rule: "pitch",
    points: 3,
    pattern:
      /(?:\bwe (?:offer|provide|sell|send|build|write|help (?:businesses|companies|manufacturers|brands))|\bwe can (?:help you|add|send|grow|boost|promote|get you|increase|build|design|write)|\bour (?:services|agency|team of|clients see|prices start)|\bi can (?:promote|grow|help you|build|design|write)|\bfor (?:just|only) [$€£]?\d|[$£]\s?\d|\d\s?usd\b|no (?:obligation|contract|risk|experience)|guaranteed|free (?:audit|trial|consultation|demo|contract|spins|token)|limited (?:time|places|spots|offer)|(?:act|call|order|claim|register|sign up) now|click here|\b(?:hire|outsourc)|virtual assistant|lead[- ]?gen|\bleads\b|b2b|appointments? (?:setting|on your)|email (?:list|campaigns?|marketing)|cold (?:email|outreach)|chatbot|ai agents?|explainer video|spokesperson|logo and brand|web (?:design|developer)|app development|mobile app|hosting|\bvps\b|data entry|manufacturer of|oem|factory price|catalog(?:ue)?:|pakume|meie hinnad|me teeme|tarjoamme|voimme nostaa|vi (?:hjälper|erbjuder)|garanterat|garanteeritud|предлагаем|разошлём|рассылк|продаём|(?<!\p{L})баз[аы](?!\p{L})|аудит|contribute (?:a|an) (?:guest|article)|broken link|(?:premium )?domain [\w.-]+ (?:just )?became available|mobile app|linkedin|on your calendar|qualified meetings|translation services|secure document|log ?in with your (?:business )?email|mobiilirakendus|meeskond arendab|без залога|одобрение за)/iu,
  },
  {
    rule: "money",
    points: 4,
    pattern:
      /(?:bitcoin|\bbtc\b|forex|binary options|trading (?:bot|signals)|cloud mining|passive income|(?:weekly|daily|monthly) (?:returns|payouts|profit)|(?:annual|rental) yield|investment opportunity|loan approval|business loans?|merchant cash|working capital|no credit check|airdrop|connect your wallet|inheritance|(?:\d|€|\$) ?per (?:day|week)|laenu? oma äri|företagslån|(?<!\p{L})(?:займ(?:ы|ов|а|ом)?|заём)(?!\p{L})|(?<!\p{L})кредит|инвестиц|заработ|криптовалют|доходност|выигрыш)/iu,
  },
  {
    rule: "money-words",
    points: 2,
    pattern:
      /(?:crypto|investors?|funding|\bloans?\b|\bearn(?:ing)?\b|income|donat|\blaen|laina|\blån|(?<!\p{L})приз)/iu,
  },
  {
    rule: "scam",
    points: 3,
    pattern:
      /(?:urgent|expir(?:e|es|ation|ing)|suspended|unverified|verify your|confirm your (?:details|account)|congratulations|you (?:have been|are) (?:selected|eligible)|\bwinner\b|\bprize\b|confidential|redelivery|quota|overdue|invoice (?:inv|no\.?)|copyrighted|legal action|sued|lawsuit|update your (?:company )?details|registered? (?:entry|listing)|dear (?:friend|sir|madam|client|business owner|purchasing manager|owner)|sir\/madam|внимание)/iu,
  },
  {
    rule: "gambling-pharma",
    points: 4,
    pattern:
      /(?:casino|kasiino|kasino|free spins|betting|jackpot|\bslots?\b|sildenafil|tadalafil|viagra|cialis|pharmacy|weight[- ]loss|lose \d+ ?kg|dating|lonely|beautiful (?:woman|girl)|interesting man|serious relationship|казино|(?<!\p{L})ставк|букмекер|фриспин|договорные матчи)/iu,
  },
  {
    rule: "data-sale",
    points: 3,
    pattern:
      /(?:email (?:list|database|addresses)|contact (?:list|database)|(?:list|database) of (?:\d+|architects|companies|decision)|email-адрес|баз[аы] (?:данных|email|контактов)|контактов компаний)/iu,
  },
  {
    rule: "social-selling",
    points: 3,
    pattern:
      /(?:followers|jälgija|likes|views|subscribers|reviews|youtube (?:promotion|channel)|instagram (?:growth|followers)|tiktok|подписчик)/iu,
  },
];

/**
 * What the site's visitors write about, in each of its languages and in Russian: rooms, sound,
 * panels, samples, prices, orders and delivery. A long message without any of it is about something
 * else; a short one (a question, a thank-you) may well be neither.
 */
const ON_TOPIC =
  /(?:panel|paneel|paneeli|paneler|панел|acoust|akust|акуст|echo|kaja|kaik|eka?r|эхо|noise|noisy|loud|müra|melu|metel|buller|högljud|шум|reverb|järelkõla|jälkikaiu|efterklang|sound|\bheli|ääni|ljud|звук|\broom|ruum|huone|\brum\b|lokal|комнат|помещен|\bзал|\bhall|saal|sali\b|office|kontor|toimisto|офис|ceiling|\blagi|katto|\btak\b|потол|\bwall|sein|vägg|стен|felt|vilt|huopa|filt|войлок|veneer|spoon|viilu|faner|шпон|sample|näidis|näyte|\bprov|образ|finish|colou?r|värv|väri|färg|цвет|\bprice|\bhind|hinta|hinna|\bpris|цен|прайс|стоит|maksa|kostar|quote|pakkumi|tarjou|offert|deliver|tarn|saadat|toimit|leverer|frakt|достав|install|paigald|asenn|monter|монтаж|крепят|order|tellim|tilau|beställ|заказ|invoice|arve|lasku|faktur|счёт|m²|м²|\bkvm|restaurant|restoran|ravintol|ресторан|кафе|café|school|kool|koulu|skola|школ|studio|stuudio|студи|podcast|cinema|kino|teatteri|hemmabio|кинотеатр|church|kogudus|seurakun|församling|\bbim\b|fire class|tuleohut|palo|brandklass|пожар)/iu;

/** A word whose letters come from Latin and from Cyrillic or Greek: a disguise, never a language. */
const MIXED_SCRIPT_WORD = /(?=\p{L}*\p{Script=Latin})(?=\p{L}*[\p{Script=Cyrillic}\p{Script=Greek}])\p{L}{2,}/u;
/** An invisible character inside a word (a zero-width space or joiner's look-alikes, a word joiner). */
const INVISIBLE = /(?:\u200b|\u2060|\ufeff|\u180e|\u034f)/u;
const INVISIBLE_IN_WORD = new RegExp(`\\p{L}${INVISIBLE.source}+\\p{L}`, "u");

/**
 * A word written to slip past filters: letters of two scripts in one word ("sеo" with a Cyrillic
 * "е"), or an invisible character inside one. No one who types a word in one script writes either;
 * a message that only mixes words of two languages has neither.
 */
export function disguisedWord(text: string): string | null {
  const normal = text.normalize("NFKC");
  return MIXED_SCRIPT_WORD.exec(normal)?.[0] ?? INVISIBLE_IN_WORD.exec(normal)?.[0] ?? null;
}

/**
 * Values a form is filled with to try it or by a bot, in any language: test words, keyboard runs,
 * "example" words, the names each country's forms use as a placeholder for a person, a form's own
 * labels for a name typed in as one ("Nimi Perekonnanimi", "Name Surname"), and the cartoon and
 * storybook names pranksters order samples for, under their names in the site's languages.
 */
const PLACEHOLDER =
  /(?:^|[^\p{L}])(?:testi?|testikatu|asdf\w*|asdasd\w*|qwert\w*|sdfsdf|dfgdfg|zxcv\w*|lorem|ipsum|example|exempel\w*|eksempel\w*|esimerkki\w*|näidis|john doe|jane doe|max mustermann|matti meikäläinen|maija meikäläinen|sven svensson|ola nordmann|kari nordmann|mari maasikas|иван иванов|jānis bērziņš|vardenis pavardenis|mickey mouse|minnie mouse|donald duck|kalle anka|aku ankka|joulupukki|jõuluvana|santa claus|jultomten|spongebob|paavo pesusieni|homer simpson|harry potter|darth vader|leiutajateküla|surname|first name|last name|perekonnanimi|eesnimi|sukunimi|etunimi|efternamn|förnamn|vorname|nachname|uzvārds|pavardė|фамилия)(?=$|[^\p{L}])/iu;

/** Keyboard mash: a run of two to four letters typed again and again ("sdfsdf", "öäöäöä", "jklöjklö"). */
const MASH = /(?:^|[^\p{L}])((\p{L}{2,4})\2+)(?=$|[^\p{L}])/iu;
/** A Latin word of six letters or more without a vowel, which no name or street of the site's countries is ("kjhsdf"). */
const CONSONANT_RUN = /^[bcdfghjklmnpqrstvwxzšžčćñ]{6,}$/iu;
/** A word whose letters switch case four times or more ("hJkLqWeRtY"), which no person types. */
const CASE_SWITCHES = /\p{Ll}\p{Lu}\p{Ll}*\p{Lu}\p{Ll}*\p{Lu}\p{Ll}*\p{Lu}/u;
const mashed = (text: string) => {
  const found = MASH.exec(text)?.[1];
  if (found && found.length >= 6) return found;
  return text.split(/[^\p{L}]+/u).find((word) => CONSONANT_RUN.test(word) || CASE_SWITCHES.test(word)) ?? null;
};

/** A sample request whose address fields a person would not write so: placeholders, zeros, one value in many fields. */
function junkAddress(input: ScoredText): string | null {
  if (!input.address) return null;
  const fields = [input.name, input.company ?? "", input.address.street, input.address.postal_code, input.address.city]
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  const repeated = fields.find((value, i) => fields.filter((other, j) => j !== i && other === value).length >= 2);
  if (repeated) return `"${repeated}" in three fields`;
  // A company may be named for testing ("Test Kitchen", "Nordic Testing Laboratory"): placeholders are
  // looked for in the person's name and the address only.
  const personal = [input.name, input.address.street, input.address.postal_code, input.address.city];
  const placeholder = PLACEHOLDER.exec(personal.join(" | "))?.[0].trim();
  if (placeholder) return `a placeholder: "${placeholder}"`;
  const mash = [input.name, input.company ?? "", input.address.street, input.address.city].map(mashed).find(Boolean);
  if (mash) return `keyboard mash: "${mash}"`;
  return null;
}

const count = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length;

/** The share of upper-case letters among the letters of `text`, any script. */
function upperShare(text: string): number {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  if (letters.length < 20) return 0;
  return letters.filter((c) => /\p{Lu}/u.test(c)).length / letters.length;
}

/** The score of one enquiry and the reasons for it. */
export function scoreEnquiry(input: ScoredText): Scored {
  const reasons: SpamReason[] = [];
  const add = (rule: string, points: number, detail: string) => {
    reasons.push({ rule, points, detail });
  };
  const address = input.address ? `${input.address.street} ${input.address.postal_code} ${input.address.city}` : "";
  const body = [input.message ?? "", address].join("\n");
  const all = [input.name, input.company ?? "", body].join("\n");

  const links = count(body, LINK);
  if (links >= 3) add("links", 3, `${links} links`);
  else if (links === 2) add("links", 1, "2 links");
  const shortened = count(all, new RegExp(SHORTENERS.source, "gi"));
  if (shortened > 0) add("shortener", 3, `${shortened} shortened link${shortened === 1 ? "" : "s"}`);
  if (count(input.name, LINK) > 0) add("name-link", 4, "a web address in the name");
  if (/https?:\/\//i.test(input.company ?? "")) add("company-link", 2, "a web address in the company");
  if (count(address, LINK) > 0) add("address-link", 4, "a web address in the delivery address");
  const message = (input.message ?? "").trim();
  const linkText = [...message.matchAll(LINK)].reduce((sum, match) => sum + match[0].length, 0);
  if (message.length > 0 && linkText / message.length > 0.5) add("mostly-link", 3, "the message is mostly a link");
  // Themes are read in what the sender writes and calls themselves, not in their company's name: a
  // loan office or an SEO agency asking about its own room is a customer.
  const said = [input.name, body].join("\n");
  for (const theme of THEMES) {
    const found = theme.pattern.exec(said);
    if (found) add(theme.rule, theme.points, `says "${found[0].trim()}"`);
  }
  const junk = junkAddress(input);
  if (junk) add("placeholder", 5, `a sample request filled in as no customer would: ${junk}`);
  if (input.address && /^\D*0+\D*$/.test(input.address.postal_code.replace(/[\s-]/g, "")))
    add("zero-postcode", 2, "a postal code of zeros");
  const disguised = disguisedWord(all);
  if (disguised)
    add("disguise", 5, `a word in disguise: "${disguised.replace(new RegExp(INVISIBLE.source, "gu"), "·")}"`);
  if (message.length >= 60 && !ON_TOPIC.test(message)) add("off-topic", 2, "says nothing of rooms, sound or panels");
  const topics = new Set([...message.matchAll(new RegExp(ON_TOPIC.source, "giu"))].map((m) => m[0].toLowerCase()));
  // A customer describing a room names several of its things (the room, its sound, its walls, panels,
  // a size); paid spam that borrows the site's words borrows one or two.
  if (topics.size >= 4) add("on-topic", -2, "describes a room, its sound or panels");
  else if (topics.size >= 2) add("on-topic", -1, "asks about rooms, sound or panels");
  if (/!{3}/.test(message) || count(message, /!/g) >= 4) add("exclaiming", 1, "a run of exclamation marks");
  if (upperShare(message) > 0.7) add("shouting", 1, "written in capitals");
  if (input.proof === "missing") add("no-proof", 1, "no proof of work (no JavaScript, or an old browser)");
  if (input.proof === "stale") add("stale-proof", 1, "an expired proof of work");
  if (input.proof === "invalid") add("bad-proof", 1, "a forged or reused proof of work, counted as none");

  const score = reasons.reduce((sum, reason) => sum + reason.points, 0);
  return { score, spam: score >= SPAM_THRESHOLD, reasons };
}
