import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface AccountTables {
  /** A passenger of one corporation, known by a normalised (E.164) phone number. */
  clients: {
    id: Generated<number>;
    corporation_id: string;
    phone: string;
    phone_verified: Generated<number>;
    blocked: Generated<number>;
    points: Generated<number>;
    discount: Generated<number>;
    count_discount_available: Generated<number>;
    cash_free: Generated<number>;
    created_at: number;
  };
  /** Client tokens, kept only as SHA-256 hashes. */
  sessions: {
    token_hash: string;
    client_id: number;
    created_at: number;
    expires_at: number;
  };
  /** SMS codes, kept only as HMACs; `tries` counts wrong guesses. */
  sms_codes: {
    id: Generated<number>;
    corporation_id: string;
    phone: string;
    purpose: string;
    client_id: number | null;
    code_hmac: string;
    salt: string;
    ip: string;
    created_at: number;
    expires_at: number;
    tries: number;
    used_at: number | null;
  };
  /** Account-deletion requests waiting for the operator. */
  deletion_requests: {
    id: Generated<number>;
    corporation_id: string;
    client_id: number | null;
    phone: string;
    subject: string;
    info: string;
    /** Set by the server: DELETE_REQUEST (in the app) or notification (the report endpoint). */
    source: string;
    /** 1 when the request came with the client's token (migration 0008). */
    signed_in: Generated<number>;
    ip: string;
    created_at: number;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends AccountTables {}
}

export const accountMigrations: MigrationSet = (engine) => ({
  '0002_accounts': {
    async up(db) {
      await db.schema
        .createTable('clients')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('phone_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('count_discount_available', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cash_free', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('clients_phone', ['corporation_id', 'phone'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'integer', (c) =>
          c.notNull().references('clients.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_client').on('sessions').column('client_id').execute();
      await db.schema
        .createTable('sms_codes')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('client_id', 'integer')
        .addColumn('code_hmac', 'text', (c) => c.notNull())
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('sms_codes_phone')
        .on('sms_codes')
        .columns(['corporation_id', 'phone', 'created_at'])
        .execute();
      await db.schema
        .createIndex('sms_codes_ip')
        .on('sms_codes')
        .columns(['ip', 'created_at'])
        .execute();
      await db.schema
        .createTable('deletion_requests')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('client_id', 'integer')
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('info', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('deletion_requests_ip')
        .on('deletion_requests')
        .columns(['ip', 'created_at'])
        .execute();
    },
  },
  '0008_account_limits': {
    async up(db) {
      await db.schema
        .alterTable('deletion_requests')
        .addColumn('signed_in', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The daily SMS budget counts a corporation's codes of the last 24 hours.
      await db.schema
        .createIndex('sms_codes_corporation')
        .on('sms_codes')
        .columns(['corporation_id', 'created_at'])
        .execute();
    },
  },
});
