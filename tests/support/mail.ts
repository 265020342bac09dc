// Reads the local mail catcher (maildev, started by the integration tests' global set-up) through
// its REST API.
import { inject } from "vitest";

/** A mail as the catcher's REST API returns it (the fields these tests read). */
export interface CaughtMail {
  id: string;
  subject: string;
  from: { address: string; name?: string }[];
  to: { address: string; name?: string }[];
  cc?: { address: string }[];
  bcc?: { address: string }[];
  calculatedBcc?: { address: string }[];
  html?: string;
  text?: string;
  envelope: { to: { address: string }[] };
}

export async function allMails(): Promise<CaughtMail[]> {
  const response = await fetch(`${inject("mailCatcher").api}/api/email`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** Mails the catcher holds for `address` (in a header or the envelope). */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  return (await allMails()).filter(
    (mail) => mail.to.some((t) => t.address === address) || mail.envelope.to.some((t) => t.address === address),
  );
}

/** Waits until `count` mails for `address` arrived, then a little longer to catch any extra one. */
export async function waitForMails(address: string, count: number, timeoutMs = 10_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  while ((await mailsTo(address)).length < count) {
    if (Date.now() > deadline) throw new Error(`no ${count} mail(s) for ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  return mailsTo(address);
}

/** The raw message's header fields, continuation lines unfolded, in order. */
export async function rawHeaders(id: string): Promise<{ raw: string; fields: [string, string][] }> {
  const raw = await (await fetch(`${inject("mailCatcher").api}/api/email/${id}/source`)).text();
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
  const fields: [string, string][] = [];
  for (const line of head.split(/\r?\n/)) {
    const last = fields.at(-1);
    if (/^[ \t]/.test(line) && last) last[1] += line;
    else fields.push([line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]);
  }
  return { raw, fields };
}
