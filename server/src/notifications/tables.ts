import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface NotificationTables {
  push_subscriptions: {
    id: Generated<number>;
    /** The order whose changes are pushed; the row goes when the ride ends (or the order). */
    order_id: number;
    /** The push service's URL, one of the allowed services (notifications/endpoints.ts). */
    endpoint: string;
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: string;
    auth: string;
    /** The passenger's language when subscribing: the texts are written in it. */
    lang: string;
    /** The last stage queued; a stage is queued only by the update that changes it (several instances). */
    stage: string;
    created_at: number;
  };
  /**
   * Pushes waiting to be sent, one per browser and stage, written where the stage changes (not
   * on the bus, so that a Redis outage loses none); each is claimed once by one process.
   */
  push_outbox: {
    id: Generated<number>;
    order_id: number;
    /** The subscription's row (it may be gone by the send: the row copies what the send needs). */
    subscription_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    stage: string;
    /** The text in the subscriber's language; the ride link is added at the send, never stored. */
    title: string;
    body: string;
    tag: string;
    created_at: number;
    /** When a process took it to send; null while it waits. */
    claimed_at: number | null;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends NotificationTables {}
}

export const notificationMigrations: MigrationSet = (engine) => ({
  '0011_push_subscriptions': {
    async up(db) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('push_subscriptions_order_endpoint', ['order_id', 'endpoint'])
        .execute();
    },
  },
  '0013_push_outbox': {
    async up(db) {
      await db.schema
        .createTable('push_outbox')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('subscription_id', 'integer', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('tag', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint')
        .execute();
      // The drain's question: what waits?
      await db.schema
        .createIndex('push_outbox_claimed_at')
        .on('push_outbox')
        .columns(['claimed_at', 'id'])
        .execute();
    },
  },
});
