import type { Generated } from 'kysely';
import type { MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface FleetTables {
  /** Last known position and state of each taxi, written by the drivers' side. */
  taxis: {
    corporation_id: string;
    call_number: string;
    state: string;
    lat: number;
    lng: number;
    updated_at: number;
    /** Added by the dispatch (migration 0007). */
    color: Generated<string>;
    brand: Generated<string>;
    vehicle_registration: Generated<string>;
    /** scrypt of the driver app's password: salt$hash, base64url. */
    password_hash: Generated<string>;
    /** GPS accuracy of the last position, metres. */
    acc: number | null;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends FleetTables {}
}

export const fleetMigrations: MigrationSet = () => ({
  '0005_taxis': {
    async up(db) {
      await db.schema
        .createTable('taxis')
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('call_number', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('taxis_key', ['corporation_id', 'call_number'])
        .execute();
      await db.schema
        .createIndex('taxis_state')
        .on('taxis')
        .columns(['corporation_id', 'state'])
        .execute();
    },
  },
});
