import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface ReleaseTables {
  /** A team's key to the release API; only its SHA-256 is kept. */
  release_tokens: {
    id: Generated<number>;
    team: string;
    token_sha256: string;
    /** Comma-separated parts the team may release. */
    parts: string;
    /** Comma-separated corporations it may pin; '' for all. */
    corporations: string;
    created_at: number;
    revoked_at: number | null;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends ReleaseTables {}
}

export const releaseMigrations: MigrationSet = (engine) => ({
  '0009_release_tokens': {
    async up(db) {
      await db.schema
        .createTable('release_tokens')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('token_sha256', 'text', (c) => c.notNull().unique())
        .addColumn('parts', 'text', (c) => c.notNull())
        .addColumn('corporations', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
    },
  },
});
