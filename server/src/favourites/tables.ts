import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface FavouriteTables {
  /**
   * Favourite taxis (docs/favourite-taxis.md): a passenger's "ask for this taxi next time", by
   * the taxi's public call number only.
   */
  favourite_taxis: {
    id: Generated<number>;
    client_id: number;
    call_number: string;
    created_at: number;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends FavouriteTables {}
}

export const favouriteMigrations: MigrationSet = (engine) => ({
  '0014_favourite_taxis': {
    async up(db) {
      await db.schema
        .createTable('favourite_taxis')
        .addColumn('id', idType(engine), idKey(engine))
        // The account's favourites go with it when the operator deletes its row.
        .addColumn('client_id', 'integer', (c) =>
          c.notNull().references('clients.id').onDelete('cascade'),
        )
        .addColumn('call_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('favourite_taxis_client_taxi')
        .on('favourite_taxis')
        .columns(['client_id', 'call_number'])
        .unique()
        .execute();
    },
  },
});
