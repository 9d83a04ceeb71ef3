// Test support shipped with the server package so the API tests and the browser suite share one SMTP catcher.
// Never imported by the server itself (smtp-server and mailparser are development dependencies).
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
export async function startSmtpCatcher() {
  const received: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  // A client that hangs up mid-conversation (a server stopped while it sends) is no failure of the catcher's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Resolves with the first message to `address` (waiting up to `timeoutMs`). */
  async function waitFor(address: string, timeoutMs = 10_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = received.find((m) => m.to && JSON.stringify(m.to).toLowerCase().includes(address.toLowerCase()));
      if (mail) return mail;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    port,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
