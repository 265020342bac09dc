// npm run faults: the fault matrix. For each fault in turn it serves the built site with that fault
// switched on (the preview's --fault), posts valid and invalid contact messages and sample requests,
// as JSON (the form with JavaScript) and as native form posts (without), makes the staff's changes,
// then serves the site without the fault, retries what staff saw fail, lets the scheduled jobs catch
// up and checks the outcome. One line per fault; exits 1 when anything was acknowledged but not
// stored, a failure showed a stack, a record was left half-written or a mail went out twice.
//   npm run faults               the full matrix (docs/audits-and-benchmarks.md has its latest run)
//   npm run faults -- --short    the few faults CI runs, one of each kind
// It needs the built site (npm run build) and nothing else answering on the preview's port. Its
// enquiries carry a tag of the run and are removed at the end; the preview's other data stays.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import { localPost } from "./lib/local-post.mjs";
import { freePort, startMailCatcher } from "./lib/mail-catcher.mjs";
import { exitIfServed, runResources, waitForUrl } from "./lib/preview-run.mjs";
import "./local-fixes/netlify-blobs-server.mjs";
import "./lib/typescript-imports.mjs";

const { openStore, STORES } = await import("../netlify/lib/storage.ts");
const { examine } = await import("../src/features/inbox/server/doctor.ts");
const { compactPending } = await import("../src/features/inbox/server/compaction.ts");
const { pendingKeys, readPointer } = await import("../src/features/inbox/server/index-store.ts");
const { enquiryKey, isEnquiryKey } = await import("../src/features/inbox/server/storage-layout.ts");
const { createNotifier, notifyConfig } = await import("../src/features/inbox/server/notify/index.ts");
const { deleteKeys, saveIndexedEnquiry } = await import("../src/features/inbox/server/enquiry-store.ts");
const { applyRetention } = await import("../src/features/inbox/server/retention-job.ts");
const { emulatorSignIn } = await import("../tests/support/emulator-sign-in.ts");

const ORIGIN = "http://localhost:8888";
/** Every fault the site can be served with; kill:after-write-N for each write a post makes. */
const { FAULT_NAMES } = await import("../netlify/lib/faults.ts");
const FULL = [
  ...FAULT_NAMES.filter((name) => name !== "kill:after-write-N"),
  "blobs-write:503@0.3",
  ...[1, 2, 3, 4, 5].map((n) => `kill:after-write-${n}`),
];
// CI's few: storage failing half the time, mail taken and then cut off, a function killed mid-post.
// Auth and Akismet have their integration tests (tests/integration/faults.test.ts).
const SHORT = ["blobs-write:503@0.5", "smtp:drop-after-data", "kill:after-write-3"];
/** Later than every grace period and backoff of the inbox's jobs (the outbox waits at most 6 h). */
const CATCH_UP_MS = 7 * 60 * 60 * 1000;

const only = process.argv.indexOf("--only");
const faults = only >= 0 ? [process.argv[only + 1] ?? ""] : process.argv.includes("--short") ? SHORT : FULL;
const run = `fm${Date.now().toString(36)}`;
const resources = runResources();

if (!existsSync("dist/index.html")) {
  console.error("npm run faults serves the built site: run `npm run build` first.");
  process.exit(2);
}
await exitIfServed(ORIGIN);

// One mail catcher for the whole run, on ports of its own: each preview sends to it (SMTP_URL), so no
// mail is lost between them, and a developer's own catcher is left alone.
const catcher = await startMailCatcher({
  smtpPort: await freePort(),
  webPort: await freePort(),
  reuse: false,
  log: () => {},
});
const MAIL_ENV = {
  SMTP_URL: catcher.smtpUrl,
  NOTIFY_EMAIL_TO: "enquiries@example.com",
  NOTIFY_EMAIL_FROM: "Aural Acoustics website <website@example.com>",
  SITE_URL: ORIGIN,
};
const blobsServer = new BlobsServer({ directory: join(process.cwd(), ".netlify", "blobs-serve"), token: "matrix" });
const { port: blobsPort } = await blobsServer.start();
const edgeURL = `http://localhost:${blobsPort}`;
const open = (name) => openStore({ name, siteID: "0", edgeURL, uncachedEdgeURL: edgeURL, token: "matrix" });
const stores = {
  submissions: open(STORES.submissions),
  index: open(STORES.index),
  outbox: open(STORES.outbox),
};

/** Serves dist/ with the faults given; resolves once the site answers. */
async function serve(fault) {
  const args = ["scripts/preview.mjs", "--no-build", ...(fault ? ["--fault", fault] : [])];
  // Enough warm instances that the posts and staff changes of one fault run side by side.
  const env = { ...process.env, ...MAIL_ENV, PREVIEW_FUNCTION_INSTANCES: "8" };
  const child = resources.spawn(process.execPath, args, { stdio: ["ignore", "ignore", "ignore"], env });
  await waitForUrl(`${ORIGIN}/`, 60_000);
  return {
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(undefined)));
    },
  };
}

// Started at random, so that runs within the same hour do not share addresses either.
let clients = Math.floor(Math.random() * 2 ** 20);
/** Each post from a loopback address of its own, so the rate limit (per client) never decides. */
const nextClient = () => {
  clients += 1;
  return `127.${100 + ((clients >> 16) & 63)}.${(clients >> 8) & 255}.${clients & 255}`;
};

/** The posts of one fault: valid ones carry the tag that finds them in storage. */
function posts(tag) {
  // As a customer would fill the forms in (the spam screen judges them too); the tag is in the email.
  const person = (n) => ({
    name: `Mari Tamm ${"ABCDEFGH"[n % 8]}.`,
    email: `${tag}-${n}@example.com`,
    company: "",
    phone: "",
  });
  const contact = (n) => ({
    ...person(n),
    message: `A quote for 30 m² of felt panels, please. ${tag}-${n}`,
    website: "",
  });
  const sample = (n) => ({
    ...person(n),
    address: { street: `Telliskivi ${60 + n}a`, postal_code: "10412", city: "Tallinn", country: "EE" },
    finishes: ["felt-panels/moss"],
    website: "",
  });
  const form = (value) =>
    new URLSearchParams(Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
  return [
    { kind: "contact", valid: true, js: true, marker: `${tag}-1`, path: "/api/submit-contact-form", json: contact(1) },
    { kind: "contact", valid: true, js: true, marker: `${tag}-2`, path: "/api/submit-contact-form", json: contact(2) },
    { kind: "samples", valid: true, js: true, marker: `${tag}-3`, path: "/api/request-samples", json: sample(3) },
    {
      kind: "contact",
      valid: true,
      js: false,
      marker: `${tag}-4`,
      path: "/api/submit-contact-form",
      form: form(contact(4)),
    },
    {
      kind: "contact",
      valid: false,
      js: true,
      path: "/api/submit-contact-form",
      json: { ...contact(5), email: "not-an-address" },
    },
    {
      kind: "samples",
      valid: false,
      js: false,
      path: "/api/request-samples",
      form: form({ ...person(6), finishes: "" }),
    },
  ];
}

/** A 5xx whose body shows code: a stack frame or an error's class name. */
const showsStack = (status, body) => status >= 500 && /\n\s+at |\.m?[jt]s:\d+|[A-Z]\w+Error:/.test(body);

/** Sends one post; what the visitor was told: acknowledged (201, or the success page), and how. */
async function send(post) {
  const headers = post.json
    ? { "content-type": "application/json", accept: "application/json" }
    : { "content-type": "application/x-www-form-urlencoded" };
  const body = post.json ? JSON.stringify(post.json) : post.form.toString();
  const answer = await localPost(`${ORIGIN}${post.path}`, { headers, body, localAddress: nextClient() });
  const location = answer.headers.location ?? "";
  // A native post's success page names the enquiry's reference: /contact/sent/AA-7K3Q.
  const acknowledged = post.json ? answer.status === 201 : answer.status === 303 && /\/sent\/AA-\w{4}$/.test(location);
  return { ...post, status: answer.status, location, acknowledged, stack: showsStack(answer.status, answer.body) };
}

/** The admin's ID token from the Auth emulator (the preview's own, which every run starts). */
const adminToken = async () => (await emulatorSignIn("admin@example.com", "admin-demo-123")).idToken;

/** Three enquiries for staff to change, stored as a post stores them. */
async function seedForStaff(tag) {
  const made = [];
  for (const n of [1, 2, 3]) {
    const id = crypto.randomUUID();
    const submission = {
      id,
      created_at: new Date().toISOString(),
      name: `Matrix staff ${n}`,
      email: `${tag}-staff-${n}@example.com`,
      company: null,
      phone: null,
      message: `For the staff's changes. ${tag}-staff-${n}`,
      language: "en",
    };
    await saveIndexedEnquiry(stores, submission);
    made.push(submission);
  }
  return made;
}

/** The staff's sign-in and changes, each as a request; `ok` says whether its answer shows it done. */
function staffChanges([first, second, third]) {
  const api = "/api/contact-submissions";
  return [
    { what: "sign-in", method: "POST", path: "/api/session" },
    { what: "status", method: "PATCH", path: `${api}/${first.id}`, body: { status: "replied" } },
    { what: "note", method: "PATCH", path: `${api}/${first.id}`, body: { note: "Called back." } },
    { what: "delete", method: "DELETE", path: `${api}/${second.id}` },
    { what: "erase", method: "POST", path: `${api}/erase`, body: { email: third.email } },
    { what: "export", method: "GET", path: `${api}/export.xlsx` },
    { what: "list", method: "GET", path: `${api}?limit=5` },
  ];
}

/**
 * Makes one staff change; its status, and whether the answer broke a rule: anything but done or 503
 * (a 401 under auth:down above all), or a stack. Under a kill fault the function dies mid-change,
 * and the platform's own 500 is what staff see.
 */
async function staffCall(change, token, killed = false) {
  const response = await fetch(`${ORIGIN}${change.path}`, {
    method: change.method,
    headers: {
      authorization: `Bearer ${token}`,
      origin: ORIGIN,
      ...(change.body ? { "content-type": "application/json" } : {}),
    },
    body: change.body ? JSON.stringify(change.body) : undefined,
  }).catch(() => null);
  if (!response) return { status: 0, ok: false, refusedWrongly: false, stack: false };
  const text = await response.text();
  // A retried delete of an enquiry that is gone already finds nothing: done all the same.
  const ok = response.ok || (change.what === "delete" && response.status === 404);
  const expected = ok || response.status === 503 || (killed && response.status === 500);
  return { status: response.status, ok, refusedWrongly: !expected, stack: showsStack(response.status, text) };
}

/** Whether the staff's changes are all in storage as asked (after their retries). */
async function staffOutcome([first, second, third]) {
  const key = (s) => enquiryKey(new Date(s.created_at), s.id);
  const changed = await stores.submissions.get(key(first), { type: "json", consistency: "strong" });
  const deleted = await stores.submissions.get(key(second), { type: "json", consistency: "strong" });
  const erased = await stores.submissions.get(key(third), { type: "json", consistency: "strong" });
  const pointers = await Promise.all([second, third].map((s) => readPointer(stores.index, s.id)));
  if (process.argv.includes("--verbose"))
    console.log({ status: changed?.status, note: changed?.note, deleted: !deleted, erased: !erased, pointers });
  return (
    changed?.status === "replied" &&
    changed?.note === "Called back." &&
    !deleted &&
    !erased &&
    pointers.every((p) => !p)
  );
}

/** Every stored enquiry whose message, street or email carries `tag`: its key and record. */
async function storedWith(tag) {
  const { blobs } = await stores.submissions.list();
  const found = [];
  for (const { key } of blobs.filter((b) => isEnquiryKey(b.key))) {
    const record = await stores.submissions.get(key, { type: "json", consistency: "strong" }).catch(() => null);
    if (record && JSON.stringify(record).includes(tag)) found.push({ key, record });
  }
  return found;
}

/** What is left half-done once the jobs have caught up: unreadable values, pending entries, pointers and outbox entries without an enquiry. */
async function halfWritten(tag) {
  const findings = await examine(stores);
  const pending = await pendingKeys(stores.index);
  const { blobs: pointers } = await stores.index.list({ prefix: "id/" });
  let orphans = 0;
  for (const { key } of pointers) {
    const target = await stores.index.get(key, { type: "json", consistency: "strong" });
    const stored = target?.key && (await stores.submissions.get(target.key, { consistency: "strong" }));
    if (!stored) {
      orphans += 1;
      if (process.argv.includes("--verbose")) console.log("pointer without its enquiry:", key, JSON.stringify(target));
    }
  }
  const { blobs: outbox } = await stores.outbox.list();
  return {
    count: findings.length + pending.length + orphans + outbox.length,
    detail: { findings, pending, orphans, outbox: outbox.length, tag },
  };
}

/** The scheduled jobs, run as if CATCH_UP_MS had passed: compaction, the daily maintenance, the outbox's drain. */
async function catchUp() {
  const later = () => Date.now() + CATCH_UP_MS;
  await applyRetention(stores, { months: 24, spamDays: 30, now: later() });
  while ((await compactPending(stores, later())) > 0);
  await compactPending(stores, later());
  const notifier = createNotifier({
    outbox: stores.outbox,
    submissions: stores.submissions,
    config: notifyConfig(MAIL_ENV),
    now: later,
    log: () => {},
  });
  await notifier.drain({ budgetMs: 60_000 });
}

/**
 * The mails of the enquiries given, the staff's notification and the visitor's confirmation each: sent
 * (at least once), and sent twice without the second saying it may be a repeat.
 */
async function mailsOf(records) {
  const mails = await (await fetch(`${catcher.api}/api/email`)).json();
  let sent = 0;
  let confirmed = 0;
  let duplicated = 0;
  const marked = (mail) =>
    (mail.subject ?? "").startsWith("[Possible repeat]") || mail.headers?.["x-possible-repeat"] === "yes";
  for (const { record } of records.filter(({ record }) => record.status !== "spam")) {
    for (const kind of ["enquiry", "confirmation"]) {
      const own = mails.filter((mail) => (mail.headers?.["message-id"] ?? "").includes(`<${kind}-${record.id}@`));
      if (own.length > 0 && kind === "enquiry") sent += 1;
      if (own.length > 0 && kind === "confirmation") confirmed += 1;
      const unmarked = own.filter((mail) => !marked(mail));
      if (unmarked.length > 1 || (own.length > 1 && unmarked.length === own.length)) duplicated += 1;
    }
  }
  return { sent, confirmed, duplicated };
}

const verbose = process.argv.includes("--verbose");
let phaseStarted = Date.now();
/** With --verbose, how long each phase of a fault took. */
const phase = (name) => {
  if (verbose) console.log(`  ${name}: ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);
  phaseStarted = Date.now();
};

/** One fault, from the first post to the last check. */
async function rehearse(fault) {
  phaseStarted = Date.now();
  const tag = `${run}-${fault.replace(/[^a-z0-9]+/gi, "")}`;
  const staff = await seedForStaff(tag);
  let site = await serve(fault);
  phase("serving with the fault");
  const answers = await Promise.all(posts(tag).map(send));
  if (process.argv.includes("--verbose"))
    console.log(answers.map((a) => `${a.kind} ${a.js ? "json" : "form"} ${a.status} ${a.location}`).join(", "));
  phase("posts");
  const changes = staffChanges(staff);
  const token = await adminToken();
  // Several staff at work at once, as in a busy inbox (each change is safe beside the others).
  const during = await Promise.all(changes.map((change) => staffCall(change, token, fault.startsWith("kill:"))));
  phase("staff changes");
  await site.stop();

  site = await serve(null);
  phase("serving without it");
  const again = await adminToken();
  // As a person would: a change that failed is tried again, up to three times a few seconds apart.
  const retried = async (change) => {
    let answer = await staffCall(change, again);
    for (let attempt = 1; attempt < 3 && !answer.ok; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      answer = await staffCall(change, again);
    }
    return answer;
  };
  const after = await Promise.all(changes.map((change, i) => (during[i]?.ok ? during[i] : retried(change))));
  phase("staff retries");
  await site.stop();

  await catchUp();
  phase("scheduled jobs");
  const stored = await storedWith(tag);
  const storedMarkers = new Set(
    stored.map(({ record }) => (JSON.stringify(record).match(new RegExp(`${tag}-\\d`)) ?? [""])[0]),
  );
  const valid = answers.filter((a) => a.valid);
  const line = {
    fault,
    answered201: valid.filter((a) => a.acknowledged).length,
    posts: valid.length,
    stored: valid.filter((a) => storedMarkers.has(a.marker)).length,
    ackedNotStored: valid.filter((a) => a.acknowledged && !storedMarkers.has(a.marker)).length,
    invalidAccepted: answers.filter((a) => !a.valid && a.acknowledged).length,
    stack: [...answers, ...during, ...after].filter((a) => a.stack).length,
    staffWrong: during.filter((a) => a.refusedWrongly).length + after.filter((a) => !a.ok).length,
    staffDone: await staffOutcome(staff),
    ...(process.argv.includes("--verbose")
      ? (console.log(changes.map((c, i) => `${c.what} ${during[i]?.status}->${after[i]?.status}`).join(", ")) ?? {})
      : {}),
    halfWritten: await halfWritten(tag).then((found) => {
      if (process.argv.includes("--verbose") && found.count > 0) console.log(JSON.stringify(found.detail));
      return found.count;
    }),
    ...(await mailsOf(stored.filter(({ record }) => !record.email.includes("-staff-")))),
  };
  await deleteKeys(
    stores,
    stored.map(({ key }) => key),
  );
  return line;
}

const COLUMNS = [
  ["fault", 26],
  ["201", 4],
  ["stored", 7],
  ["acked, not stored", 18],
  ["stack", 6],
  ["half-written", 13],
  ["mails sent", 11],
  ["confirmed", 10],
  ["duplicated", 11],
  ["staff", 8],
];
const row = (cells) => cells.map((cell, i) => String(cell).padEnd(COLUMNS[i]?.[1] ?? 8)).join("");

let failed = false;
try {
  console.log(row(COLUMNS.map(([name]) => name)));
  for (const fault of faults) {
    const line = await rehearse(fault);
    const bad =
      line.ackedNotStored + line.stack + line.halfWritten + line.duplicated + line.invalidAccepted + line.staffWrong >
        0 ||
      !line.staffDone ||
      line.sent < line.stored ||
      line.confirmed < line.sent;
    failed ||= bad;
    console.log(
      row([
        line.fault,
        `${line.answered201}/${line.posts}`,
        line.stored,
        line.ackedNotStored,
        line.stack,
        line.halfWritten,
        `${line.sent}/${line.stored}`,
        `${line.confirmed}/${line.sent}`,
        line.duplicated,
        line.staffDone && line.staffWrong === 0 ? "ok" : "FAILED",
      ]) + (bad ? "  <- fails" : ""),
    );
  }
} finally {
  await resources.cleanUp();
  await blobsServer.stop();
  await catcher.stop();
}
console.log(failed ? "fault matrix: FAILED" : `fault matrix: ${faults.length} faults, nothing lost`);
process.exit(failed ? 1 : 0);
