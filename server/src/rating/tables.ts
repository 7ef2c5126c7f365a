import type { MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface RatingTables {
  ratings: {
    /** One rating per order: the key makes a second one impossible. */
    order_id: number;
    rate: number;
    comment: string | null;
    created_at: number;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends RatingTables {}
}

export const ratingMigrations: MigrationSet = () => ({
  '0004_ratings': {
    async up(db) {
      await db.schema
        .createTable('ratings')
        .addColumn('order_id', 'integer', (c) =>
          c.primaryKey().references('orders.id').onDelete('cascade'),
        )
        .addColumn('rate', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
});
