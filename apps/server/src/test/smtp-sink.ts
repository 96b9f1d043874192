import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The whole message, headers included, quoted-printable decoded. */
  text: string;
  /** The Message-ID header, as the sender chose or nodemailer made it. */
  messageId: string | undefined;
}

// Mail bodies may arrive quoted-printable: soft line breaks and =XX escapes of UTF-8 bytes (a
// quoted-printable message is ASCII, so each character stands for one byte).
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A real SMTP server on a loopback port (used by the server tests and the browser tests), so
 * reset mails travel through nodemailer and SMTP exactly as in production.
 */
export async function startSmtpSink(onMail: (mail: ReceivedMail) => void, options: { port?: number } = {}) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        onMail({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          text: decodeQuotedPrintable(raw),
          messageId: /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1],
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
