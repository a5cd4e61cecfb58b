// Outgoing mail: SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
// under DATA_DIR/mail and the log says where. Mail bodies carry secrets (invitation links),
// so they never go into the application log itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({
          from: options.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          ...(m.headers ? { headers: m.headers } : {}),
        });
        options.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
    };
  }
  const dir = join(options.dataDir, 'mail');
  // The same message an SMTP server would receive, built by nodemailer (encoded headers for ₹ and non-ASCII
  // names, quoted-printable bodies, multipart/alternative), written to a file instead of sent.
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      const built = await files.sendMail({
        from: options.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        ...(m.headers ? { headers: m.headers } : {}),
      });
      writeFileSync(file, built.message as Buffer, { mode: 0o600 });
      options.log.info({ to: m.to, subject: m.subject, file }, 'no SMTP_URL: mail written to file');
    },
  };
}
