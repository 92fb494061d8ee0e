import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { Runtime } from '../src/runtime.ts';

/** A mail as the SMTP server received it: the envelope's recipients and the message's source. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  /** `smtp://127.0.0.1:port`, for the app's `smtpUrl`. */
  url: string;
  /** Every mail received so far, oldest first. */
  received: ReceivedMail[];
  /** The mails received for `address`. */
  mailsTo(address: string): ReceivedMail[];
  /** Forgets the mails received so far. */
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps every mail it receives; `onRcptTo` may refuse
 * a recipient (an Error with a `responseCode`).
 */
export async function startSmtp(
  opts: { onRcptTo?: (rcpt: SMTPServerAddress) => Error | undefined } = {},
): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(rcpt, _session, callback) {
      callback(opts.onRcptTo?.(rcpt));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    mailsTo: (address) => received.filter((m) => m.to.includes(address)),
    clear: () => {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's source made readable: quoted-printable soft breaks joined, encoded bytes decoded (UTF-8). */
export const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The mails sent to `to` once the app's outbox has run, made readable. */
export async function readMailsTo(rt: Runtime, smtp: LocalSmtp, to: string): Promise<string[]> {
  await rt.worker.drain();
  return smtp.mailsTo(to).map((m) => readable(m.raw));
}
