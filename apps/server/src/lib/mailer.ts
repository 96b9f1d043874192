import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A simple HTML version beside the text, when the mail has one. */
  html?: string;
  /** A Message-ID of the sender's choosing (`<…@…>`), so a mail sent twice is recognisable as one. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * How long one SMTP step may take (connecting, the greeting, any socket silence): a slow or dead
 * server fails a send within seconds instead of holding it for nodemailer's minutes. Settings in
 * SMTP_URL's query string win.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

/** SMTP when SMTP_URL is set; otherwise each mail is written to the log (development). */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger) {
  if (!options.smtpUrl) {
    return {
      async send(mail: Mail) {
        log.info(
          { mailTo: mail.to, subject: mail.subject, messageId: mail.messageId },
          `Mail not sent (SMTP_URL unset): ${mail.text}`,
        );
      },
      close() {},
    } satisfies Mailer;
  }
  const transport = nodemailer.createTransport(withTimeouts(options.smtpUrl));
  return {
    async send(mail: Mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport.close();
    },
  } satisfies Mailer;
}
