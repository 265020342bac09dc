import type { NotificationMail } from "./mail";

/** Sends one mail; rejects when the SMTP server did not accept it. */
export type SendMail = (mail: NotificationMail) => Promise<void>;

/** Hosts on this machine, where a plain connection never leaves it. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * SMTP through nodemailer, one connection per mail. Every wait is bounded (connect 10 s, greeting 10 s,
 * idle socket 20 s), so a send ends well within an outbox lease. An smtp:// URL to another host must
 * upgrade with STARTTLS before the password is sent (requireTLS); smtps:// is TLS from the start. The
 * message never reads files or URLs. nodemailer is loaded on the first send, not with the function.
 */
export function smtpSender(smtpUrl: string): SendMail {
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  const open = async () => {
    const { createTransport } = await import("nodemailer");
    const { hostname } = new URL(smtpUrl);
    return createTransport({
      url: smtpUrl,
      requireTLS: !LOOPBACK.has(hostname),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  };
  return async (mail) => {
    // A failed load is not kept: the next send tries again.
    transport ??= open().catch((error: unknown) => {
      transport = undefined;
      throw error;
    });
    const info = await (await transport).sendMail(mail);
    if ((info.accepted ?? []).length === 0) throw new Error("the SMTP server accepted none of the recipients");
  };
}

/** A send error as it may be stored and logged: its code and first line, never the SMTP URL. */
export function describeSendError(error: unknown, smtpUrl?: string): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : String(error);
  let line = (message.split("\n")[0] ?? "").slice(0, 300);
  if (smtpUrl) line = line.split(smtpUrl).join("[SMTP_URL]");
  return code && !line.includes(code) ? `${code}: ${line}` : line;
}
