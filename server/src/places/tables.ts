import { sql, type Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface PlaceTables {
  /** Saved places (docs/saved-places.md): a passenger's Home, Work and named places. */
  saved_places: {
    id: Generated<number>;
    client_id: number;
    /** home, work or other; one home and one work per client (a partial unique index). */
    kind: string;
    name: string;
    /** The address point as JSON, always with coordinates. */
    point: string;
    created_at: number;
    updated_at: number;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends PlaceTables {}
}

export const placeMigrations: MigrationSet = (engine) => ({
  '0010_saved_places': {
    async up(db) {
      await db.schema
        .createTable('saved_places')
        .addColumn('id', idType(engine), idKey(engine))
        // The account's places go with it when the operator deletes its row.
        .addColumn('client_id', 'integer', (c) =>
          c.notNull().references('clients.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('point', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('saved_places_client')
        .on('saved_places')
        .column('client_id')
        .execute();
      await db.schema
        .createIndex('saved_places_home_work')
        .on('saved_places')
        .columns(['client_id', 'kind'])
        .unique()
        .where(sql.ref('kind'), '<>', 'other')
        .execute();
    },
  },
});
