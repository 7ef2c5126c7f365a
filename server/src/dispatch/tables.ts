import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

/** Spec section 4, "Taxi assignment states". */
export const ASSIGNMENT_STATES = {
  SENT: 'U',
  ACCEPTED: 'P',
  REJECTED: 'A',
  CANCELLED: 'C',
  ERROR: 'E',
  TIMEOUT: 'T',
  MINE: 'M',
  PICKED_UP: 'Z',
} as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[keyof typeof ASSIGNMENT_STATES];

/**
 * Spec section 4, "Order log actions" (and three of this server: taxi_ride_end,
 * subscription_ride, favourite_fallback).
 */
export type LogAction =
  | 'created'
  | 'cancel'
  | 'assign_taxi'
  | 'taxi_accepted'
  | 'taxi_rejected'
  | 'taxi_rejected_timeout'
  | 'taxi_client_present'
  | 'taxi_client_arrived'
  | 'taxi_client_absent'
  | 'taxi_forward'
  | 'taxi_to_timely'
  | 'set_advance'
  | 'set_date_time'
  | 'taxi_ride_end'
  | 'subscription_ride'
  | 'favourite_fallback';

export interface DispatchTables {
  /** One offer of an order to one taxi, and what became of it. */
  assignments: {
    id: Generated<number>;
    order_id: number;
    corporation_id: string;
    call_number: string;
    state: string;
    offered_at: number;
    expires_at: number;
    answered_at: number | null;
    arrived_at: number | null;
    picked_up_at: number | null;
    ride_ended_at: number | null;
    updated_at: number;
  };
  order_log: {
    id: Generated<number>;
    order_id: number;
    action: string;
    call_number: string | null;
    details: string;
    created_at: number;
  };
  /** A taxi's signed-in driver app; tokens kept only as SHA-256. Written by dispatch/taxi-sessions.ts. */
  taxi_sessions: {
    token_hash: string;
    corporation_id: string;
    call_number: string;
    created_at: number;
    expires_at: number;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends DispatchTables {}
}

export const dispatchMigrations: MigrationSet = (engine) => ({
  '0007_dispatch': {
    async up(db) {
      const orderColumns: [string, 'bigint' | 'integer' | 'text' | 'double precision'][] = [
        ['dispatch_at', 'bigint'],
        ['parent_id', 'integer'],
        ['pickup_lat', 'double precision'],
        ['pickup_lng', 'double precision'],
        ['dst_price', 'double precision'],
        ['route', 'text'],
        ['arrived_at', 'bigint'],
        ['ended_at', 'bigint'],
        ['price', 'double precision'],
      ];
      for (const [name, type] of orderColumns)
        await db.schema.alterTable('orders').addColumn(name, type).execute();
      await db.schema
        .alterTable('orders')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('orders_dispatch')
        .on('orders')
        .columns(['state', 'dispatch_at'])
        .execute();
      await db.schema
        .createIndex('orders_subscription_ride')
        .unique()
        .on('orders')
        .columns(['parent_id', 'date_time'])
        .execute();

      for (const name of ['color', 'brand', 'vehicle_registration', 'password_hash']) {
        await db.schema
          .alterTable('taxis')
          .addColumn(name, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      await db.schema.alterTable('taxis').addColumn('acc', 'double precision').execute();

      await db.schema
        .createTable('assignments')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('call_number', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('offered_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('answered_at', 'bigint')
        .addColumn('arrived_at', 'bigint')
        .addColumn('picked_up_at', 'bigint')
        .addColumn('ride_ended_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('assignments_order')
        .on('assignments')
        .column('order_id')
        .execute();
      await db.schema
        .createIndex('assignments_taxi')
        .on('assignments')
        .columns(['corporation_id', 'call_number', 'state'])
        .execute();
      await db.schema
        .createIndex('assignments_state')
        .on('assignments')
        .columns(['state', 'expires_at'])
        .execute();

      await db.schema
        .createTable('order_log')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('order_id', 'integer', (c) =>
          c.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('call_number', 'text')
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('order_log_order')
        .on('order_log')
        .columns(['order_id', 'id'])
        .execute();

      await db.schema
        .createTable('taxi_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('call_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
});
