// A real SMTP server for a test file (smtp-server, on a free port of 127.0.0.1): every message it receives, parsed.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Inbox {
  url: string;
  received: ParsedMail[];
  /** The messages to `address` so far. */
  to(address: string): ParsedMail[];
  /** The first message to `address` (that `which` picks, if given), waiting up to five seconds for it. */
  waitFor(address: string, which?: (m: ParsedMail) => boolean): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));

export async function startSmtpServer(): Promise<Inbox> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((m) => {
        received.push(m);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const to = (address: string) => received.filter((m) => recipients(m).includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    async waitFor(address, which = () => true) {
      for (let i = 0; i < 200; i++) {
        const m = to(address).find(which);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${address}`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
