import { z } from "../../../src/lib/zod";
import type { Env } from "../env";
import { headerText, type Mailbox } from "./mail";

export type { Mailbox };

export interface NotifyConfig {
  /** smtp://… (STARTTLS) or smtps://… (TLS from the start), with the credentials in the URL. */
  smtpUrl: string;
  to: string[];
  from: Mailbox;
  /** Base of the link to the enquiry in the admin area, without a trailing slash; null when unknown. */
  siteUrl: string | null;
}

export type NotifyConfigChoice = { config: NotifyConfig; problems: [] } | { config: null; problems: string[] };

const isEmail = (value: string) => z.email().safeParse(value).success;

/** `Name <address>` or a bare address; null when it is neither. */
export function parseMailbox(value: string): Mailbox | null {
  const trimmed = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/s.exec(trimmed);
  const address = (named ? named[2] : trimmed)?.trim() ?? "";
  if (!isEmail(address)) return null;
  const name = headerText((named?.[1] ?? "").replace(/^"(.*)"$/, "$1"));
  return { name, address };
}

/** The site's public address (SITE_URL, else Netlify's URL) without a trailing slash, or null. */
export function siteBase(env: Env): string | null {
  for (const value of [env.SITE_URL, env.URL]) {
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol === "https:" || url.protocol === "http:")
        return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
    } catch {
      // Not a URL: try the next one.
    }
  }
  return null;
}

/**
 * The notification settings. SMTP_URL, NOTIFY_EMAIL_TO (one address or several, comma-separated) and
 * NOTIFY_EMAIL_FROM must all be set and valid, or nothing is sent and `problems` says why (without
 * repeating a value, so no password reaches a log). SITE_URL (or Netlify's URL) only adds the link.
 */
export function notifyConfig(env: Env): NotifyConfigChoice {
  const problems: string[] = [];

  const smtpUrl = env.SMTP_URL?.trim() ?? "";
  if (!smtpUrl) problems.push("SMTP_URL is not set");
  else {
    let protocol = "";
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // Reported below.
    }
    if (protocol !== "smtp:" && protocol !== "smtps:") problems.push("SMTP_URL is not an smtp:// or smtps:// URL");
  }

  const to = (env.NOTIFY_EMAIL_TO ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  if (to.length === 0) problems.push("NOTIFY_EMAIL_TO is not set");
  const invalid = to.filter((address) => !isEmail(address));
  if (invalid.length > 0) {
    problems.push(`NOTIFY_EMAIL_TO holds ${invalid.length} invalid address(es); separate addresses with commas`);
  }

  const fromSetting = env.NOTIFY_EMAIL_FROM?.trim() ?? "";
  const from = fromSetting ? parseMailbox(fromSetting) : null;
  if (!fromSetting) problems.push("NOTIFY_EMAIL_FROM is not set");
  else if (!from) problems.push('NOTIFY_EMAIL_FROM is not an address or "Name <address>"');

  if (problems.length > 0 || !from) return { config: null, problems };
  return { config: { smtpUrl, to, from, siteUrl: siteBase(env) }, problems: [] };
}
