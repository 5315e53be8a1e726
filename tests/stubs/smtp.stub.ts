import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export interface ReceivedMail extends ParsedMail {
  envelope: { from: string; to: string[] };
  raw: string;
}

export interface SmtpStub {
  port: number;
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first received mail matching the predicate (already received or arriving later). */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops listening: connections are refused (an outage). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1: it accepts every message and keeps
 * it. No STARTTLS; AUTH is optional and any credentials are accepted. A recipient matching
 * `refuseRecipients` is refused with 550 at RCPT TO, as a server without that mailbox answers.
 */
export async function startSmtpStub(opts: { port?: number; refuseRecipients?: RegExp } = {}): Promise<SmtpStub> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  let server: SMTPServer | undefined;
  let port = opts.port ?? 0;

  const make = () =>
    new SMTPServer({
      disabledCommands: ['STARTTLS'],
      closeTimeout: 1000,
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth(_auth, _session, cb) {
        cb(null, { user: 'stub' });
      },
      onRcptTo(address, _session, cb) {
        if (opts.refuseRecipients?.test(address.address)) {
          cb(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
          return;
        }
        cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: ReceivedMail = {
            ...parseMail(raw),
            raw,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
          };
          received.push(mail);
          for (const w of [...waiters]) {
            if (w.predicate(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          cb();
        });
      },
    });

  const start = async () => {
    if (server) return;
    const s = make();
    s.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      s.server.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.server.address() as AddressInfo).port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await start();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    waitFor(predicate, timeoutMs = 20_000) {
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    stop,
    start,
    close: stop,
  };
}
