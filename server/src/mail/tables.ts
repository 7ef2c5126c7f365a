import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface MailTables {
  /**
   * Mails to send (docs/receipts-by-email.md): only what names the mail, never its address or
   * body, which are worked out at the send from the row the reference names (registerMailKind).
   */
  mail_outbox: {
    id: Generated<number>;
    /** One mail per key, ever: `receipt:<order id>`; a second enqueue of a key is a no-op. */
    key: string;
    /** The registered kind that renders it: `receipt`, `email-confirmation`. */
    kind: string;
    /** What the kind renders from: an order's id, a client's id. */
    ref: string;
    /** Tries so far (refusals of the SMTP relay, failures to render). */
    attempts: number;
    /** Not sent before this time (the retry's back-off). */
    next_attempt_at: number;
    /** When a process took it to send; null while it waits. */
    claimed_at: number | null;
    /** When it was sent, skipped or given up; null while it waits. The row keeps its key. */
    done_at: number | null;
    /** `sent`, `skipped` (nothing to send any more), `failed` (every try refused); null while waiting. */
    outcome: string | null;
    created_at: number;
  };
  /** A passenger's address for receipts; receipts go only once it is confirmed. */
  client_emails: {
    client_id: number;
    address: string;
    /** The language the passenger set it in: the mails are written in it. */
    lang: string;
    confirmed_at: number | null;
    /** SHA-256 of the single-use confirmation token mailed last; null once used. */
    token_hash: string | null;
    token_expires_at: number | null;
    /** The host name the passenger set it on: the confirmation link points there. */
    host: string;
    updated_at: number;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends MailTables {}
}

export const mailMigrations: MigrationSet = (engine) => ({
  '0015_mail': {
    async up(db) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint')
        .addColumn('done_at', 'bigint')
        .addColumn('outcome', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // The drain's question: what waits and is due?
      await db.schema
        .createIndex('mail_outbox_waiting')
        .on('mail_outbox')
        .columns(['done_at', 'next_attempt_at', 'id'])
        .execute();
      await db.schema
        .createTable('client_emails')
        .addColumn('client_id', 'integer', (c) =>
          c.primaryKey().references('clients.id').onDelete('cascade'),
        )
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addColumn('token_hash', 'text')
        .addColumn('token_expires_at', 'bigint')
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
});
