import type { Generated } from 'kysely';
import { idKey, idType, type MigrationSet } from '../db/schema.ts';
// Brings db/tables.ts into every program that has this file, for the augmentation below.
import type {} from '../db/tables.ts';

export interface InvoiceTables {
  /** A company a passenger rides for (docs/invoices.md), kept with the account. */
  company_profiles: {
    id: Generated<number>;
    client_id: number;
    name: string;
    address: string;
    nip: string;
    email: string;
    created_at: number;
  };
  /**
   * A ride's VAT invoice: asked for when the order is saved (the buyer copied from the profile
   * then, so a later edit changes no invoice), numbered and priced when the ride is finished.
   * An issued invoice is the corporation's accounting record and outlives the account.
   */
  invoices: {
    id: Generated<number>;
    corporation_id: string;
    order_id: number;
    client_id: number | null;
    buyer_name: string;
    buyer_address: string;
    buyer_nip: string;
    buyer_email: string;
    /** Sequence within the corporation's year; null until issued. */
    year: number | null;
    seq: number | null;
    number: string | null;
    issued_at: number | null;
    /** The issued document as GET_INVOICE returns it (seller and amounts fixed at issue). */
    document: string | null;
  };
}

declare module '../db/tables.ts' {
  // This concern's tables join the database's (db/tables.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Tables extends InvoiceTables {}
}

export const invoiceMigrations: MigrationSet = (engine) => ({
  '0016_invoices': {
    async up(db) {
      await db.schema
        .createTable('company_profiles')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('client_id', 'integer', (c) =>
          c.notNull().references('clients.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('nip', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('company_profiles_client')
        .on('company_profiles')
        .column('client_id')
        .execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', idType(engine), idKey(engine))
        .addColumn('corporation_id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().unique())
        // The account may go; the invoice stays with the corporation's books.
        .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
        .addColumn('buyer_name', 'text', (c) => c.notNull())
        .addColumn('buyer_address', 'text', (c) => c.notNull())
        .addColumn('buyer_nip', 'text', (c) => c.notNull())
        .addColumn('buyer_email', 'text', (c) => c.notNull())
        .addColumn('year', 'integer')
        .addColumn('seq', 'integer')
        .addColumn('number', 'text')
        .addColumn('issued_at', 'bigint')
        .addColumn('document', 'text')
        .execute();
      // A number is never given twice within a corporation's year.
      await db.schema
        .createIndex('invoices_number')
        .on('invoices')
        .columns(['corporation_id', 'year', 'seq'])
        .unique()
        .execute();
    },
  },
});
