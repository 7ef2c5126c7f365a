import type { MigrationSet } from '../db/schema.ts';

export interface FleetTables {
  /** Last known position and state of each taxi, written by the drivers' side. */
  taxis: {
    corporation_id: string;
    call_number: string;
    state: string;
    lat: number;
    lng: number;
    updated_at: number;
  };
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
      await db.schema.createIndex('taxis_state').on('taxis').columns(['corporation_id', 'state']).execute();
    },
  },
});
