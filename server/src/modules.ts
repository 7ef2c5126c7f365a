import { accountMigrations } from './accounts/tables.ts';
import type { MigrationSet } from './db/schema.ts';
import { dispatchMigrations } from './dispatch/tables.ts';
import { favouriteMigrations } from './favourites/tables.ts';
import { fleetMigrations } from './fleet/tables.ts';
import { invoiceMigrations } from './invoices/tables.ts';
import { mailMigrations } from './mail/tables.ts';
import { notificationMigrations } from './notifications/tables.ts';
import { orderMigrations } from './orders/tables.ts';
import { placeMigrations } from './places/tables.ts';
import { ratingMigrations } from './rating/tables.ts';
import { releaseMigrations } from './releases/tables.ts';
import { reportMigrations } from './reports/tables.ts';

/**
 * Every concern's migrations, brought by the modules that own the tables to the composition
 * root (app.ts and cli.ts open the database with them); the names carry the order they run in.
 * Each module's tables.ts also adds its tables' types to db/tables.ts.
 */
export const MIGRATIONS: MigrationSet = (engine) => ({
  ...reportMigrations(engine),
  ...accountMigrations(engine),
  ...orderMigrations(engine),
  ...ratingMigrations(engine),
  ...fleetMigrations(engine),
  ...dispatchMigrations(engine),
  ...releaseMigrations(engine),
  ...placeMigrations(engine),
  ...notificationMigrations(engine),
  ...favouriteMigrations(engine),
  ...invoiceMigrations(engine),
  ...mailMigrations(engine),
});
