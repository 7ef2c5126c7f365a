import type { OrderState, OrderType } from '@taxi/contract';
import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
import { secretHash } from './secrets.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface OrderTables {
  orders: {
    id: Generated<number>;
    corporation_id: string;
    client_id: number;
    /** Public handle for tracking and rating, together with the secret (orders/secrets.ts). */
    short_id: string;
    /** SHA-256 of the secret; '' until an order from before 0008 gets its nonce at start-up. */
    secret_hash: string;
    /** With ORDER_SECRET_KEY, gives the owner the secret again; null before that start-up. */
    secret_nonce: string | null;
    /** SHA-256 of the random secret an order had before 0008, so that its old links still work. */
    legacy_secret_hash: string | null;
    /** The client's retry key: a save with a known one returns the first order. */
    call_uniqueid: string | null;
    order_type: OrderType;
    state: OrderState;
    /** Local time of the corporation, 'YYYY-MM-DD HH:MM:SS', for timed orders. */
    date_time: string | null;
    taxi_group_id: number | null;
    taxi_count: number;
    /** The validated order form as JSON. */
    form: string;
    hidden_in_history: number;
    created_at: number;
    updated_at: number;
    /** Added by the dispatch (migration 0007). */
    dispatch_at: number | null;
    parent_id: number | null;
    pickup_lat: number | null;
    pickup_lng: number | null;
    dst_price: number | null;
    /** The ride's road route as JSON [{lat, lng}]. */
    route: string | null;
    arrived_at: number | null;
    ended_at: number | null;
    price: number | null;
    /** Grows with every change a tracking viewer should see. */
    revision: Generated<number>;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends OrderTables {}
}

export const orderMigrations: MigrationSet = (engine) => ({
  '0003_orders': {
    async up(db) {
      await db.schema
        .createTable('orders')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('client_id', 'integer', (c) =>
          c.notNull().references('clients.id').onDelete('cascade'),
        )
        .addColumn('short_id', 'text', (c) => c.notNull().unique())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('call_uniqueid', 'text')
        .addColumn('order_type', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('date_time', 'text')
        .addColumn('taxi_group_id', 'integer')
        .addColumn('taxi_count', 'integer', (c) => c.notNull())
        .addColumn('form', 'text', (c) => c.notNull())
        .addColumn('hidden_in_history', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // NULLs are distinct in a unique index in both engines: orders without a key never clash.
      await db.schema
        .createIndex('orders_call_uniqueid')
        .unique()
        .on('orders')
        .columns(['client_id', 'call_uniqueid'])
        .execute();
      await db.schema
        .createIndex('orders_client_state')
        .on('orders')
        .columns(['client_id', 'state'])
        .execute();
    },
  },
  /** Secrets were kept in clear: keep only their hashes (the owner gets a derived one). */
  '0008_order_secret_hashes': {
    async up(db) {
      await db.schema
        .alterTable('orders')
        .addColumn('secret_hash', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('orders').addColumn('secret_nonce', 'text').execute();
      await db.schema.alterTable('orders').addColumn('legacy_secret_hash', 'text').execute();
      for (let after = 0; ;) {
        const rows = await db
          .selectFrom('orders')
          .select(['id', 'secret'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute();
        if (rows.length === 0) break;
        for (const row of rows)
          await db
            .updateTable('orders')
            .set({ legacy_secret_hash: secretHash(String(row.secret)) })
            .where('id', '=', row.id)
            .execute();
        after = Number(rows.at(-1)!.id);
      }
      await db.schema.alterTable('orders').dropColumn('secret').execute();
    },
  },
});
