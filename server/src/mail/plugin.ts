import { randomBytes } from 'node:crypto';
import { isEmailAddress } from '@taxi/contract/email';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientCorporationId } from '../accounts/clients.ts';
import type { ActionContext, ClientHandlers } from '../api/registry.ts';
import type { MailConfig } from '../base/config.ts';
import { ApiFailure } from '../base/errors.ts';
import { clientWithinLimit, spend } from '../events/limits.ts';
import { escapeHtml } from '../releases/seo.ts';
import type { Services } from '../base/services.ts';
import {
  askAgainIn,
  confirmByToken,
  deleteEmailOf,
  emailOf,
  newConfirmationToken,
  setEmail,
  tokenLanguage,
} from './addresses.ts';
import {
  claimMails,
  type ClaimedMail,
  enqueueMail,
  MAIL_QUEUED_CHANNEL,
  mailDone,
  mailRefused,
  sweepMails,
} from './outbox.ts';
import { type MailSender, smtpSender } from './sender.ts';
import { mailTexts } from './texts.ts';
import { serialDrain } from '../events/drain.ts';

/** GET_EMAIL, SET_EMAIL, RESEND_EMAIL_CONFIRMATION and DELETE_EMAIL per client per minute. */
export const EMAIL_CALLS_PER_CLIENT_PER_MINUTE = 10;
/** Confirmation mails per client per hour: nobody mails a stranger's inbox full. */
export const CONFIRMATIONS_PER_CLIENT_PER_HOUR = 5;
/** Opened confirmation links (page and button) per client address per minute. */
export const CONFIRM_PAGES_PER_IP_PER_MINUTE = 30;
/** The outbox is drained this often besides each MAIL_QUEUED_CHANNEL message. */
const DRAIN_EVERY_MS = 1_000;
const DRAIN_BATCH = 20;
const SWEEP_EVERY_MS = 60 * 60_000;
/** The confirmation page's path, on the host the passenger set the address on. */
export const CONFIRM_PATH = '/mail/confirm';

export interface MailOptions {
  services: Services;
  /** How mails leave (tests may replace the relay); SMTP_URL's relay by default. */
  sender?: MailSender;
}

/**
 * E-mail (docs/receipts-by-email.md): the passenger's address for receipts, confirmed by a link
 * mailed to it, and the outbox every mail is sent from, rendered at the send by its registered
 * kind (services.mail), tried again after refusals, at most once per key. Addresses, tokens and
 * bodies are never logged: a mail is named by its key.
 */
export async function mailPlugin(app: FastifyInstance, options: MailOptions) {
  const { services } = options;
  const { storage, clock, limits, bus, corporations } = services;
  const { db } = storage;
  const config = services.config.mail ?? null;
  const sender = config ? (options.sender ?? smtpSender(config)) : undefined;
  const onError = (error: unknown) =>
    app.log.error({ err: errorCode(error) }, 'mail: the outbox was not drained');
  if (config) app.log.info('mail: receipts by e-mail on, through the SMTP relay of SMTP_URL');
  else app.log.info('mail: off (no SMTP_URL): the profile offers no e-mail and no mail is sent');

  services.mail.register('email-confirmation', async (ref) => {
    const clientId = Number(ref);
    const corporationId = await clientCorporationId(db, clientId);
    const corporation = corporationId && corporations.byId(corporationId);
    if (!corporation || !config) return null;
    const fresh = await newConfirmationToken(db, clientId, clock.now());
    if (!fresh) return null;
    const link = `${linkOrigin(config, fresh.host)}${CONFIRM_PATH}?token=${fresh.token}`;
    const texts = mailTexts(fresh.lang);
    const corp = corporation.settings.corp ?? '';
    return {
      corporation,
      to: fresh.address,
      subject: texts.confirmSubject(corp),
      text: texts.confirmBody(corp, link),
      attachments: [],
    };
  });

  /** Renders and sends one claimed mail; a refusal waits its back-off, a render of null skips it. */
  async function sendOne(send: MailSender, mail: ClaimedMail): Promise<void> {
    const render = services.mail.renderer(mail.kind);
    try {
      const content = render ? await render(mail.ref) : null;
      if (!content) {
        await mailDone(db, mail.id, 'skipped', clock.now());
        app.log.info({ mail: mail.key }, 'mail: nothing to send');
        return;
      }
      await send.send(content);
      await mailDone(db, mail.id, 'sent', clock.now());
      app.log.info({ mail: mail.key }, 'mail: sent');
    } catch (error) {
      const next = await mailRefused(db, mail, clock.now());
      app.log.warn(
        { mail: mail.key, attempts: mail.attempts + 1, err: errorCode(error) },
        next === 'failed'
          ? 'mail: refused for the last time, given up'
          : 'mail: refused, retried later',
      );
    }
  }

  /** Claims and sends what is due, a batch a round. */
  const outbox = serialDrain(async () => {
    if (!sender) return false;
    const mails = await claimMails(db, clock.now(), DRAIN_BATCH);
    for (const mail of mails) await sendOne(sender, mail);
    return mails.length === DRAIN_BATCH;
  });
  const drain = outbox.drain;

  await sweepMails(db, clock.now());
  const stopHearing = await bus.subscribe(MAIL_QUEUED_CHANNEL, () => void drain().catch(onError));
  const drainer = setInterval(() => void drain().catch(onError), DRAIN_EVERY_MS);
  drainer.unref();
  const sweeper = setInterval(
    () => void sweepMails(db, clock.now()).catch(onError),
    SWEEP_EVERY_MS,
  );
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(drainer);
    clearInterval(sweeper);
    stopHearing();
    await outbox.settled();
    sender?.close();
  });

  const caller = (context: ActionContext) =>
    clientWithinLimit(limits, 'email', EMAIL_CALLS_PER_CLIENT_PER_MINUTE, () => context.client());

  /** Queues a new confirmation link for the client's unconfirmed address. */
  async function queueConfirmation(clientId: number): Promise<void> {
    await spend(
      limits,
      `email-confirmation:${clientId}`,
      CONFIRMATIONS_PER_CLIENT_PER_HOUR,
      3_600_000,
      'Too many confirmation mails; try again later',
    );
    // Each request is a mail of its own (a new link replacing the last).
    const key = `email-confirmation:${clientId}:${randomBytes(8).toString('hex')}`;
    await enqueueMail(db, { key, kind: 'email-confirmation', ref: String(clientId) }, clock.now());
    bus.publish(MAIL_QUEUED_CHANNEL, {});
  }

  const handlers: ClientHandlers = {
    async GET_EMAIL(context) {
      const client = await caller(context);
      return { email: await emailOf(db, client.id), available: config !== null };
    },

    async SET_EMAIL(context) {
      const client = await caller(context);
      const address = context.payload.email.trim();
      if (!isEmailAddress(address)) throw new ApiFailure('INVALID_DATA', 'email invalid');
      if (!config) throw new ApiFailure('ACTION_NOT_ALLOWED', 'E-mail is off on this server');
      const kept = await emailOf(db, client.id);
      if (kept?.address === address && kept.confirmed) return { email: kept };
      const now = clock.now();
      const row = {
        address,
        lang: context.lang,
        host: context.host,
        confirmed_at: null,
        token_hash: null,
        token_expires_at: null,
        updated_at: now,
      };
      // A new address starts unconfirmed: the old one's link stops working.
      await setEmail(db, client.id, row);
      await queueConfirmation(client.id);
      return { email: { address, confirmed: false } };
    },

    async RESEND_EMAIL_CONFIRMATION(context) {
      const client = await caller(context);
      if (!config) throw new ApiFailure('ACTION_NOT_ALLOWED', 'E-mail is off on this server');
      const kept = await emailOf(db, client.id);
      if (!kept) throw new ApiFailure('NOT_FOUND', 'No e-mail address');
      if (kept.confirmed) throw new ApiFailure('ACTION_NOT_ALLOWED', 'Already confirmed');
      await askAgainIn(db, client.id, context.lang, context.host);
      await queueConfirmation(client.id);
      return { email: kept };
    },

    async DELETE_EMAIL(context) {
      const client = await caller(context);
      await deleteEmailOf(db, client.id);
      return {};
    },
  };
  services.actions.add(handlers);

  /** The confirmation page: GET asks (a mail scanner's fetch confirms nothing), POST confirms. */
  const page = (reply: FastifyReply, status: number, lang: string, body: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${lang === 'pl' ? 'pl' : 'en'}"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
          `<title>${escapeHtml(mailTexts(lang).pageTitle)}</title></head><body><main><h1>${escapeHtml(mailTexts(lang).pageTitle)}</h1>${body}</main></body></html>`,
      );

  const tokenOf = (value: unknown) =>
    typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;

  async function withinLimit(ip: string): Promise<boolean> {
    return limits.take(`email-confirm-page:${ip}`, CONFIRM_PAGES_PER_IP_PER_MINUTE, 60_000);
  }

  app.get<{ Querystring: { token?: unknown; lang?: unknown } }>(
    CONFIRM_PATH,
    async (request, reply) => {
      const token = tokenOf(request.query.token);
      const asked = request.query.lang === 'pl' ? 'pl' : 'en';
      if (!(await withinLimit(services.clientAddress(request.raw))))
        return page(reply, 429, asked, `<p>${escapeHtml(mailTexts(asked).limited)}</p>`);
      const lang = token && (await tokenLanguage(db, token, clock.now()));
      if (!token || !lang)
        return page(reply, 400, asked, `<p>${escapeHtml(mailTexts(asked).invalid)}</p>`);
      const texts = mailTexts(lang);
      return page(
        reply,
        200,
        lang,
        `<form method="post" action="${CONFIRM_PATH}"><p>${escapeHtml(texts.confirmQuestion)}</p>` +
          `<input type="hidden" name="token" value="${token}"><button type="submit">${escapeHtml(texts.confirmButton)}</button></form>`,
      );
    },
  );

  app.post<{ Body: { token?: unknown } | undefined }>(CONFIRM_PATH, async (request, reply) => {
    const token = tokenOf(request.body?.token);
    if (!(await withinLimit(services.clientAddress(request.raw))))
      return page(reply, 429, 'en', `<p>${escapeHtml(mailTexts('en').limited)}</p>`);
    const lang = token && (await confirmByToken(db, token, clock.now()));
    if (!token || !lang)
      return page(reply, 400, 'en', `<p>${escapeHtml(mailTexts('en').invalid)}</p>`);
    return page(reply, 200, lang, `<p role="status">${escapeHtml(mailTexts(lang).confirmed)}</p>`);
  });
}

/** Where confirmation links point: MAIL_LINK_ORIGIN, or https:// and the passenger's host. */
function linkOrigin(config: MailConfig, host: string): string {
  return config.linkOrigin || `https://${host}`;
}

/** What a failure may say in the log: its code (ECONNREFUSED, EENVELOPE), never its message, which may name an address. */
function errorCode(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
    return [code, responseCode].filter((part) => part !== undefined).join(' ') || 'error';
  }
  return 'error';
}
