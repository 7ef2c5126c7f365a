import { createTransport } from 'nodemailer';
import type { MailConfig } from '../base/config.ts';
import type { MailContent } from './kinds.ts';

/** How long the relay may take to connect, greet and take a message, before the try counts as refused. */
const CONNECTION_TIMEOUT_MS = 30_000;
const GREETING_TIMEOUT_MS = 30_000;
const SOCKET_TIMEOUT_MS = 60_000;

export interface MailSender {
  /** Resolves once the relay took the mail; rejects when it refused it or could not be reached. */
  send(mail: MailContent): Promise<void>;
  close(): void;
}

/** The sender of a corporation's mail: its self_email (settings) or MAIL_FROM, under its name. */
export function senderOf(mail: MailContent, config: MailConfig): { name: string; address: string } {
  const { settings } = mail.corporation;
  const address = typeof settings.self_email === 'string' ? settings.self_email.trim() : '';
  const name = typeof settings.corp === 'string' ? settings.corp : '';
  return { name, address: address || config.from };
}

/** Mail through the operator's relay (SMTP_URL), a connection per mail. */
export function smtpSender(config: MailConfig): MailSender {
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // Nodemailer's own log would name the addresses; the outbox logs keys only.
    logger: false,
    debug: false,
  });
  return {
    async send(mail) {
      const from = senderOf(mail, config);
      if (!from.address) throw new Error('no sender: set self_email in the settings or MAIL_FROM');
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content })),
      });
    },
    close: () => transport.close(),
  };
}
