import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';
import { withLock } from '../db/storage.ts';
import { ApiFailure } from '../errors.ts';
import type { Services } from '../services.ts';

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 5 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const SENDS_PER_PHONE = 3;
export const PHONE_WINDOW_MS = 10 * 60_000;
const IP_WINDOW_MS = 60 * 60_000;

/** What a code proves: sign-in, the current phone (verification), or a new phone. */
export type CodePurpose = 'login' | 'verify' | 'change';

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
}

/** Sends a fresh code, within the per-phone and per-IP limits. */
export async function sendCode(services: Services, request: CodeRequest): Promise<void> {
  const { storage, clock } = services;
  const { corporation, phone, purpose, clientId, ip } = request;
  const now = clock.now();
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  await withLock(storage, [`sms-ip:${ip}`, `sms:${corporation.id}:${phone}`], async (trx) => {
    const byPhone = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('corporation_id', '=', corporation.id)
      .where('phone', '=', phone)
      .where('created_at', '>', now - PHONE_WINDOW_MS)
      .executeTakeFirstOrThrow();
    if (Number(byPhone.sent) >= SENDS_PER_PHONE) {
      throw new ApiFailure(
        'ACTION_NOT_ALLOWED',
        'Too many codes were sent to this number; try again in 10 minutes',
      );
    }
    const byIp = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('ip', '=', ip)
      .where('created_at', '>', now - IP_WINDOW_MS)
      .executeTakeFirstOrThrow();
    if (Number(byIp.sent) >= services.config.smsPerIpPerHour) {
      throw new ApiFailure(
        'ACTION_NOT_ALLOWED',
        'Too many codes were requested from this network; try again later',
      );
    }
    const salt = randomBytes(16).toString('base64url');
    await trx
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
      .execute();
  });
  const corp =
    typeof corporation.settings.corp === 'string' && corporation.settings.corp
      ? corporation.settings.corp
      : 'Taxi';
  try {
    await services.sms.send({ phone, code, text: MESSAGES[request.lang](corp, code) });
  } catch (error) {
    services.log.error({ err: error }, 'sms: sending failed');
    throw new ApiFailure('FAILED', 'The text message could not be sent; try again later');
  }
}

/**
 * Accepts the newest code sent for this purpose once: unexpired, unused, and before the
 * MAX_WRONG_TRIES-th wrong guess. Every guess uses up a try before it is compared.
 */
export async function checkCode(
  services: Services,
  { corporation, phone, purpose, clientId }: Omit<CodeRequest, 'ip' | 'lang'>,
  code: string,
): Promise<void> {
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code))
    throw new ApiFailure('INVALID_DATA', `The code has ${CODE_LENGTH} digits`);
  const { db } = services.storage;
  const now = services.clock.now();
  let query = db
    .selectFrom('sms_codes')
    .select(['id', 'code_hmac', 'salt', 'expires_at', 'used_at'])
    .where('corporation_id', '=', corporation.id)
    .where('phone', '=', phone)
    .where('purpose', '=', purpose);
  if (clientId !== null) query = query.where('client_id', '=', clientId);
  const sent = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!sent || sent.used_at !== null)
    throw new ApiFailure('ACCESS_DENIED', 'No code is waiting for this number; request a new one');
  if (sent.expires_at <= now)
    throw new ApiFailure('ACCESS_DENIED', 'The code has expired; request a new one');
  const counted = await db
    .updateTable('sms_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', sent.id)
    .where('tries', '<', MAX_WRONG_TRIES)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0)
    throw new ApiFailure('ACCESS_DENIED', 'Too many wrong codes; request a new one');
  const expected = Buffer.from(sent.code_hmac);
  const given = Buffer.from(hmac(sent.salt, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new ApiFailure('ACCESS_DENIED', 'Wrong code');
  const used = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', sent.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0)
    throw new ApiFailure('ACCESS_DENIED', 'The code was already used; request a new one');
}
