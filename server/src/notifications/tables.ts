import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';

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
    /** The last stage seen; a process pushes only when its update changes it (several instances). */
    stage: string;
    created_at: number;
  };
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
});
