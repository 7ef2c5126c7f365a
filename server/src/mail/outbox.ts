import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { Db } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';

/**
 * An empty message whenever a mail is queued: every process drains the outbox at once. Lost
 * while Redis is away; the drain's own round finds the mail then.
 */
export const MAIL_QUEUED_CHANNEL = 'mail:queued';

/**
 * A mail claimed this long ago and neither done nor released was claimed by a process that died
 * before the relay answered: another takes it. Longer than a send's time-outs (the relay's
 * connection, greeting and message: under two minutes together), so a live process is rarely
 * doubled. The push outbox's claim (notifications/outbox.ts), with a lease for SMTP's time-outs.
 */
export const MAIL_CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Waits after each refused try: a relay down for a few hours still gets the mail. After the last
 * (MAIL_MAX_ATTEMPTS tries in about 4 h 21 min) the mail is given up and logged by its key.
 */
export const MAIL_RETRY_AFTER_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3_600_000];
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_AFTER_MS.length + 1;

/** What names one mail; the kind renders it at the send. */
export interface QueuedMail {
  /** At most one mail per key, ever: `receipt:<order id>`. */
  key: string;
  kind: string;
  ref: string;
}

/** Queues a mail unless its key was queued before; true when this call queued it. */
export async function enqueueMail(db: Db, mail: QueuedMail, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('mail_outbox')
    .values({ ...mail, attempts: 0, next_attempt_at: now, created_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Takes up to `limit` due mails, oldest first, for this process alone, as the push outbox does:
 * the update claims only rows unclaimed or claimed past the lease, so that of processes draining
 * at once (several instances on PostgreSQL) each mail goes to one.
 */
export function claimMails(db: Db, now: number, limit: number) {
  const claimable = (
    eb: ExpressionBuilder<Tables, 'mail_outbox'>,
  ): ExpressionWrapper<Tables, 'mail_outbox', SqlBool> =>
    eb.and([
      eb('done_at', 'is', null),
      eb('next_attempt_at', '<=', now),
      eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', now - MAIL_CLAIM_LEASE_MS)]),
    ]);
  return db
    .updateTable('mail_outbox')
    .set({ claimed_at: now })
    .where('id', 'in', (eb) =>
      eb.selectFrom('mail_outbox').select('id').where(claimable).orderBy('id').limit(limit),
    )
    .where(claimable)
    .returning(['id', 'key', 'kind', 'ref', 'attempts'])
    .execute();
}

export type ClaimedMail = Awaited<ReturnType<typeof claimMails>>[number];

/** A mail sent or not to be sent: done, its key kept so that it is never queued again. */
export async function mailDone(
  db: Db,
  id: number,
  outcome: 'sent' | 'skipped' | 'failed',
  now: number,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ done_at: now, outcome, claimed_at: null })
    .where('id', '=', id)
    .execute();
}

/** A try refused: the mail waits its back-off, or is given up after the last; 'failed' then. */
export async function mailRefused(
  db: Db,
  mail: ClaimedMail,
  now: number,
): Promise<'retry' | 'failed'> {
  const attempts = mail.attempts + 1;
  if (attempts >= MAIL_MAX_ATTEMPTS) {
    await db.updateTable('mail_outbox').set({ attempts }).where('id', '=', mail.id).execute();
    await mailDone(db, mail.id, 'failed', now);
    return 'failed';
  }
  await db
    .updateTable('mail_outbox')
    .set({
      attempts,
      claimed_at: null,
      next_attempt_at: now + MAIL_RETRY_AFTER_MS[attempts - 1]!,
    })
    .where('id', '=', mail.id)
    .execute();
  return 'retry';
}

/** Done mails are kept this long (their keys hold "one mail per ride"), then deleted. */
export const MAIL_KEPT_MS = 90 * 24 * 3_600_000;

export async function sweepMails(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('created_at', '<', now - MAIL_KEPT_MS)
    .execute();
}
