import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';

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
  };
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
});
