import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface ReportTables {
  error_reports: {
    id: Generated<number>;
    corporation_id: string | null;
    url: string;
    line: string;
    col: string;
    message: string;
    error: string;
    user_agent: string;
    page_url: string;
    languages: string;
    ip: Generated<string>;
    created_at: number;
    /** The part and release that raised it ('' when the page did not say). */
    part: Generated<string>;
    release: Generated<string>;
  };
  /** Page views and errors per corporation, part, release and hour: the health of a release. */
  release_health: {
    corporation_id: string;
    part: string;
    release: string;
    /** Start of the hour, epoch milliseconds. */
    hour: number;
    views: number;
    errors: number;
  };
  /**
   * Which devices saw a release in an hour, for distinct passenger counts: a hash of the random
   * device id (no account, phone or address), so one device cannot be followed across releases.
   */
  release_passengers: {
    corporation_id: string;
    part: string;
    release: string;
    hour: number;
    device: string;
    /** 1 once the device reported an error of the release in that hour. */
    errored: Generated<number>;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends ReportTables {}
}

export const reportMigrations: MigrationSet = (engine) => ({
  '0001_error_reports': {
    async up(db) {
      await db.schema
        .createTable('error_reports')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('corporation_id', 'text')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('line', 'text', (c) => c.notNull())
        .addColumn('col', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('page_url', 'text', (c) => c.notNull())
        .addColumn('languages', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('error_reports_created')
        .on('error_reports')
        .column('created_at')
        .execute();
    },
  },
  '0006_error_reports_ip': {
    async up(db) {
      await db.schema
        .alterTable('error_reports')
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('error_reports_ip')
        .on('error_reports')
        .columns(['ip', 'created_at'])
        .execute();
    },
  },
  '0008_release_health': {
    async up(db) {
      for (const column of ['part', 'release'])
        await db.schema
          .alterTable('error_reports')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      await db.schema
        .createTable('release_health')
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('part', 'text', (c) => c.notNull())
        .addColumn('release', 'text', (c) => c.notNull())
        .addColumn('hour', 'bigint', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('release_health_key', [
          'corporation_id',
          'part',
          'release',
          'hour',
        ])
        .execute();
      await db.schema
        .createTable('release_passengers')
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('part', 'text', (c) => c.notNull())
        .addColumn('release', 'text', (c) => c.notNull())
        .addColumn('hour', 'bigint', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('release_passengers_key', [
          'corporation_id',
          'part',
          'release',
          'hour',
          'device',
        ])
        .execute();
    },
  },
  '0012_release_passengers_errored': {
    async up(db) {
      await db.schema
        .alterTable('release_passengers')
        .addColumn('errored', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
});
