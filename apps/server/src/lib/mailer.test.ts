import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('mailer without SMTP_URL', () => {
  it('writes each mail to the log as one line, link included', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const mailer = createMailer({ smtpUrl: undefined, from: 'Depot <a@b.c>' }, pino(sink));
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Reset your Depot password',
      text: 'Hello,\n\nReset here: http://localhost:3000/reset-password/abc123\n',
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string);
    expect(entry.mailTo).toBe('ann@example.com');
    expect(entry.msg).toContain('http://localhost:3000/reset-password/abc123');
  });
});
