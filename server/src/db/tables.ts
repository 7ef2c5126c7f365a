import type { AccountTables } from '../accounts/tables.ts';
import type { DispatchTables } from '../dispatch/tables.ts';
import type { FavouriteTables } from '../favourites/tables.ts';
import type { FleetTables } from '../fleet/tables.ts';
import type { InvoiceTables } from '../invoices/tables.ts';
import type { MailTables } from '../mail/tables.ts';
import type { NotificationTables } from '../notifications/tables.ts';
import type { OrderTables } from '../orders/tables.ts';
import type { PlaceTables } from '../places/tables.ts';
import type { RatingTables } from '../rating/tables.ts';
import type { ReleaseTables } from '../releases/tables.ts';
import type { ReportTables } from '../reports/tables.ts';

/** Every table, each declared by the concern that owns it. */
export type Tables = ReportTables &
  AccountTables &
  OrderTables &
  RatingTables &
  FleetTables &
  DispatchTables &
  ReleaseTables &
  PlaceTables &
  NotificationTables &
  FavouriteTables &
  InvoiceTables &
  MailTables;
