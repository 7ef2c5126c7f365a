import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';
import { type Db, deleteCreatedBefore, withLock } from '../db/storage.ts';
import { ApiFailure } from '../base/errors.ts';
import type { Services } from '../base/services.ts';
import { smsFailed, smsRefused, smsSent } from '../metrics/record.ts';

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 5 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const SENDS_PER_PHONE = 3;
export const PHONE_WINDOW_MS = 10 * 60_000;
const IP_WINDOW_MS = 60 * 60_000;
/** The window of the daily limits (config.smsLimits); codes are kept as long, then purged. */
export const DAY_MS = 24 * 60 * 60_000;
export const CODE_RETENTION_MS = DAY_MS;

/** One answer for no code, a used or expired one, one out of tries and a wrong one. */
const REFUSED = 'Wrong or expired code; check it or request a new one';

/** What a code proves: sign-in, the current phone (verification), or a new phone. */
export type CodePurpose = 'login' | 'verify' | 'change';

/**
 * Why a message is sent: a code, or `ride` (a rider's tracking link, ORDER_SAVE). A `ride`
 * message is kept as a code no one is told, so that it counts against the same limits.
 */
type MessagePurpose = CodePurpose | 'ride';

function hmac(salt: string, code: string): string {
  return createHmac('sha256', salt).update(code).digest('base64url');
}

const MESSAGES: Record<Lang, (corp: string, code: string) => string> = {
  pl: (corp, code) => `${corp}: Twój kod to ${code}. Jest ważny 5 minut. Nie podawaj go nikomu.`,
  en: (corp, code) => `${corp}: your code is ${code}. It is valid for 5 minutes. Do not share it.`,
};

export interface CodeRequest {
  corporation: Corporation;
  phone: string;
  purpose: CodePurpose;
  clientId: number | null;
  ip: string;
  lang: Lang;
  /** The host name the passenger asked on (the Host header, bare): the page the code is for. */
  host: string;
}

/**
 * The Web OTP API's origin-bound last line ('@host #code'): the browser offers the code to the
 * page of that host only, so it names the host the passenger signs in on. A host that is not
 * the corporation's (a proxy's own name, a hostname parameter naming another) is never put in
 * a text: the corporation's first host name stands in.
 */
function originBound(corporation: Corporation, asked: string, code: string): string {
  const host = corporation.hostnames.includes(asked) ? asked : corporation.hostnames[0];
  return host === undefined ? '' : `\n\n@${host} #${code}`;
}

/** Sends a fresh code, within the per-phone, per-IP and per-corporation limits. */
export async function sendCode(services: Services, request: CodeRequest): Promise<void> {
  await sendCounted(services, request, (corp, code) => ({
    text: MESSAGES[request.lang](corp, code) + originBound(request.corporation, request.host, code),
    carries: code,
  }));
}

export interface RideLinkRequest extends Omit<CodeRequest, 'purpose' | 'clientId'> {
  clientId: number;
  /** The absolute public tracking link of the ride. */
  link: string;
}

const RIDE_MESSAGES: Record<Lang, (corp: string, link: string) => string> = {
  pl: (corp, link) => `${corp}: zamówiono dla Ciebie taksówkę. Śledź przejazd: ${link}`,
  en: (corp, link) => `${corp}: a taxi has been booked for you. Follow the ride: ${link}`,
};

/** Texts a rider the ride's tracking link, within the same limits as the codes. */
export async function sendRideLink(services: Services, request: RideLinkRequest): Promise<void> {
  await sendCounted(services, { ...request, purpose: 'ride' }, (corp) => ({
    text: RIDE_MESSAGES[request.lang](corp, request.link),
    carries: request.link,
  }));
}

/** Stores the message as a code (counted by every limit), then sends it; unsent, it is removed. */
async function sendCounted(
  services: Services,
  request: Omit<CodeRequest, 'purpose' | 'lang'> & { purpose: MessagePurpose },
  message: (corp: string, code: string) => { text: string; carries: string },
): Promise<void> {
  const { storage, clock } = services;
  const { corporation, phone, purpose, clientId, ip } = request;
  const now = clock.now();
  const limits = services.config.smsLimits;
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const keys = [`sms-ip:${ip}`, `sms:${corporation.id}:${phone}`, `sms-corp:${corporation.id}`];
  const codeId = await withLock(storage, keys, async (trx) => {
    // A number out of guesses gets no new code either: a new code would be a new set of tries.
    if ((await wrongCodesToday(trx, corporation.id, phone, now)) >= limits.wrongCodesPerDay)
      throw smsRefused('blocked', new ApiFailure('BLOCKED'));
    const today = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('corporation_id', '=', corporation.id)
      .where('phone', '=', phone)
      .where('created_at', '>', now - DAY_MS)
      .executeTakeFirstOrThrow();
    if (Number(today.sent) >= limits.perPhonePerDay)
      throw smsRefused(
        'phone_day',
        new ApiFailure(
          'ACTION_NOT_ALLOWED',
          'Too many codes were sent to this number today; try again tomorrow',
        ),
      );
    const budget = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('corporation_id', '=', corporation.id)
      .where('created_at', '>', now - DAY_MS)
      .executeTakeFirstOrThrow();
    if (Number(budget.sent) >= limits.perCorporationPerDay) {
      // An alert for the operator: pumping, or a budget set too low. Never the number.
      services.log.error(
        { corporation: corporation.id, limit: limits.perCorporationPerDay },
        'sms: the corporation reached its daily SMS budget (SMS_PER_CORPORATION_PER_DAY); codes are refused',
      );
      throw smsRefused(
        'corporation_budget',
        new ApiFailure('ACTION_NOT_ALLOWED', 'Text messages cannot be sent now; try again later'),
      );
    }
    const byPhone = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('corporation_id', '=', corporation.id)
      .where('phone', '=', phone)
      .where('created_at', '>', now - PHONE_WINDOW_MS)
      .executeTakeFirstOrThrow();
    if (Number(byPhone.sent) >= SENDS_PER_PHONE) {
      throw smsRefused(
        'phone_10_minutes',
        new ApiFailure(
          'ACTION_NOT_ALLOWED',
          'Too many codes were sent to this number; try again in 10 minutes',
        ),
      );
    }
    const byIp = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('ip', '=', ip)
      .where('created_at', '>', now - IP_WINDOW_MS)
      .executeTakeFirstOrThrow();
    if (Number(byIp.sent) >= services.config.smsPerIpPerHour) {
      throw smsRefused(
        'address_hour',
        new ApiFailure(
          'ACTION_NOT_ALLOWED',
          'Too many codes were requested from this network; try again later',
        ),
      );
    }
    const salt = randomBytes(16).toString('base64url');
    const row = await trx
      .insertInto('sms_codes')
      .values({
        corporation_id: corporation.id,
        phone,
        purpose,
        client_id: clientId,
        code_hmac: hmac(salt, code),
        salt,
        ip,
        created_at: now,
        expires_at: now + CODE_TTL_MS,
        tries: 0,
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const corp = corporation.settings.corp || 'Taxi';
  const { text, carries } = message(corp, code);
  try {
    await services.sms.send({ phone, code: carries, text, corporationId: corporation.id });
    smsSent();
  } catch (error) {
    smsFailed(error);
    services.log.error({ err: error }, 'sms: sending failed');
    // Not sent, so not counted: the passenger's retry after the gateway recovers is not refused
    // by the limits. (A send that timed out may still arrive; its code is then void.)
    await storage.db.deleteFrom('sms_codes').where('id', '=', codeId).execute();
    throw new ApiFailure('FAILED', 'The text message could not be sent; try again later');
  }
}

/**
 * Wrong guesses at a number's codes in the last 24 hours, across all its codes: every guess
 * counts a try, and a used code had one right guess.
 */
async function wrongCodesToday(
  db: Db,
  corporationId: string,
  phone: string,
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('sms_codes')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('tries'), eb.lit(0)).as('tries'),
      eb.fn.count<number>('used_at').as('used'),
    ])
    .where('corporation_id', '=', corporationId)
    .where('phone', '=', phone)
    .where('created_at', '>', now - DAY_MS)
    .executeTakeFirstOrThrow();
  return Number(row.tries) - Number(row.used);
}

/**
 * Accepts the newest code sent for this purpose once: unexpired, unused, and before the
 * MAX_WRONG_TRIES-th wrong guess. Every guess uses up a try before it is compared. A number with
 * smsLimits.wrongCodesPerDay wrong guesses in 24 hours is BLOCKED until the oldest leaves the
 * window. No code, a used, expired or exhausted one and a wrong one get the same answer, so that
 * a caller learns nothing about the number.
 */
export async function checkCode(
  services: Services,
  { corporation, phone, purpose, clientId }: Omit<CodeRequest, 'ip' | 'lang' | 'host'>,
  code: string,
): Promise<void> {
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code))
    throw new ApiFailure('INVALID_DATA', `The code has ${CODE_LENGTH} digits`);
  const { storage } = services;
  const now = services.clock.now();
  // The same lock as sendCode's: parallel guesses cannot pass the daily count together.
  const accepted = await withLock(storage, [`sms:${corporation.id}:${phone}`], async (trx) => {
    if (
      (await wrongCodesToday(trx, corporation.id, phone, now)) >=
      services.config.smsLimits.wrongCodesPerDay
    )
      throw new ApiFailure('BLOCKED');
    let query = trx
      .selectFrom('sms_codes')
      .select(['id', 'code_hmac', 'salt', 'expires_at', 'used_at', 'tries'])
      .where('corporation_id', '=', corporation.id)
      .where('phone', '=', phone)
      .where('purpose', '=', purpose);
    if (clientId !== null) query = query.where('client_id', '=', clientId);
    const sent = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
    const usable =
      sent !== undefined &&
      sent.used_at === null &&
      sent.expires_at > now &&
      sent.tries < MAX_WRONG_TRIES;
    // Without a usable code the hash is still worked out, so that the time tells nothing either.
    const given = Buffer.from(hmac(sent?.salt ?? 'no code', code));
    if (!usable || !sent) return false;
    await trx
      .updateTable('sms_codes')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', sent.id)
      .execute();
    const expected = Buffer.from(sent.code_hmac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    await trx.updateTable('sms_codes').set({ used_at: now }).where('id', '=', sent.id).execute();
    return true;
  });
  if (!accepted) throw new ApiFailure('ACCESS_DENIED', REFUSED);
}

/** Deletes the codes past CODE_RETENTION_MS (the retention schedule). */
export async function purgeOldCodes(db: Db, now: number): Promise<number> {
  return deleteCreatedBefore(db, 'sms_codes', now - CODE_RETENTION_MS);
}
