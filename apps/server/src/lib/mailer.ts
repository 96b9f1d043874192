import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each mail is written to the log (development). */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger) {
  if (!options.smtpUrl) {
    return {
      async send(mail: Mail) {
        log.info({ mailTo: mail.to, subject: mail.subject }, `Mail not sent (SMTP_URL unset): ${mail.text}`);
      },
      close() {},
    } satisfies Mailer;
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail: Mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport.close();
    },
  } satisfies Mailer;
}
