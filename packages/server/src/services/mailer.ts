import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  /** `outbox` writes files instead of sending (the embedded default). */
  readonly kind: 'smtp' | 'outbox';
  /** Human-readable destination, for the start banner ("SMTP host:port" or the outbox folder). */
  readonly description: string;
  send(email: Email): Promise<void>;
  close(): void;
}

function from(config: Config) {
  return { name: config.emailsFromName, address: config.emailsFromEmail };
}

/** Real delivery through the configured SMTP server. */
export function smtpMailer(config: Config): Mailer {
  const { smtp } = config;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.ssl,
    requireTLS: smtp.tls && !smtp.ssl,
    ignoreTLS: !smtp.tls && !smtp.ssl,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket by default: a hung
    // server would keep each send (and its memory) that long before the failure is logged.
    connectionTimeout: smtp.timeoutSeconds * 1000,
    greetingTimeout: smtp.timeoutSeconds * 1000,
    socketTimeout: smtp.timeoutSeconds * 1000,
  });
  return {
    kind: 'smtp',
    description: `SMTP ${smtp.host}:${smtp.port}`,
    async send(email) {
      await transport.sendMail({ from: from(config), ...email });
    },
    close: () => transport.close(),
  };
}

/**
 * Without an SMTP server (the embedded default) each message is written as an .eml file to
 * `{DATA_DIR}/outbox`, where any mail client can open it.
 */
export function outboxMailer(config: Config): Mailer {
  const dir = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    description: `the folder ${dir} (.eml files; set SMTP_HOST to send real e-mail)`,
    async send(email) {
      const info = await transport.sendMail({ from: from(config), ...email });
      await fs.mkdir(dir, { recursive: true });
      const safeTo = email.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}

export function createMailer(config: Config): Mailer {
  return config.smtp.host ? smtpMailer(config) : outboxMailer(config);
}
