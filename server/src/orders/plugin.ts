import { type ActiveOrder, type OrderState, type OrderType, publicTrackUrl } from '@taxi/contract';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { clientPerks } from '../accounts/clients.ts';
import { sendRideLink } from '../accounts/codes.ts';
import type { ActionContext } from '../api/registry.ts';
import type { Corporation } from '../corporations/directory.ts';
import { refuseInMaintenance } from '../corporations/maintenance.ts';
import { type Db, withLock } from '../db/storage.ts';
import type { Tables } from '../db/tables.ts';
import { ApiFailure } from '../base/errors.ts';
import { spend } from '../events/limits.ts';
import type { Services } from '../base/services.ts';
import { formatLocal, parseDateTime } from '../base/time.ts';
import { type OrderForm, readOrderForm, storedForm } from './form.ts';
import {
  activeOrdersOf,
  deriveLegacySecrets,
  hideFromHistory,
  historyOf,
  insertOrder,
  orderOfCall,
  refuseSecondImmediateOrder,
  refuseTooManyScheduled,
} from './store.ts';
import { orderPlaced } from '../metrics/record.ts';

const HISTORY_LENGTH = 100;

interface OrderRow {
  id: number;
  short_id: string;
  secret_nonce: string | null;
  order_type: OrderType;
  state: OrderState;
  date_time: string | null;
  taxi_count: number;
  form: string;
  created_at: number;
}

/**
 * What the orders ask of the invoices (invoices/store.ts), which read orders and so sit above
 * them: the composition root hands these in.
 */
export interface OrderInvoices {
  /** Asks for the invoice of a business ride, in the transaction that saves the order. */
  requestInvoice(
    trx: Transaction<Tables>,
    order: { id: number; corporation_id: string; client_id: number },
    profileId: number,
  ): Promise<void>;
  /** The invoice numbers of these orders, for the history. */
  invoiceNumbers(db: Db, orderIds: number[]): Promise<Map<number, string>>;
}

/** Orders: place one (idempotent on call_uniqueid), the active ones, the history (spec section 7). */
export async function ordersPlugin(
  app: FastifyInstance,
  { services, invoices }: { services: Services; invoices: OrderInvoices },
) {
  const { storage, clock, actions, orderSecrets, limits } = services;
  const caps = services.config.limits;
  const { db } = storage;
  const derived = await deriveLegacySecrets(db, orderSecrets);
  if (derived > 0) app.log.info({ orders: derived }, 'orders: secrets derived for older orders');

  /** The owner's tracking link: the secret is derived again, never stored. */
  function track(row: Pick<OrderRow, 'short_id' | 'secret_nonce'>) {
    return {
      order_short_id: row.short_id,
      secret: row.secret_nonce === null ? null : orderSecrets.reveal(row.secret_nonce),
    };
  }

  /**
   * Texts the rider of an order for someone else its view-only tracking link, on the
   * corporation's own host. The order stands if the text cannot go (limits, gateway): the
   * passenger still sees the ride. Neither the number nor the link is logged.
   */
  async function textRider(
    context: ActionContext,
    clientId: number,
    phone: string,
    row: Pick<OrderRow, 'short_id' | 'secret_nonce'>,
  ): Promise<void> {
    const { secret } = track(row);
    const host = context.corporation.hostnames[0];
    if (secret === null || host === undefined) return;
    const link = publicTrackUrl({ shortId: row.short_id, secret }, `https://${host}`);
    try {
      await sendRideLink(services, { ...context, phone, clientId, link });
    } catch (error) {
      const reason = error instanceof ApiFailure ? error.code : 'error';
      context.log.warn(
        { corporation: context.corporation.id, reason },
        'orders: the rider was not texted',
      );
    }
  }

  /** Cash-free and discount rides only for clients the operator allows them to (spec section 5). */
  async function checkPerks(clientId: number, form: OrderForm): Promise<void> {
    if (!form.cash_free && !form.discount) return;
    const client = await clientPerks(db, clientId);
    if (form.cash_free && !client.cash_free)
      throw new ApiFailure(
        'ACTION_NOT_ALLOWED',
        'Cash-free rides are not available to this account',
      );
    if (form.discount && !(client.discount > 0 && client.count_discount_available > 0)) {
      throw new ApiFailure('ACTION_NOT_ALLOWED', 'No discount is available to this account');
    }
  }

  function listed(corporation: Corporation, row: OrderRow): ActiveOrder {
    const form = storedForm(row.form);
    return {
      order_id: row.id,
      order_type: row.order_type,
      state: row.state,
      date_time: row.date_time,
      created: formatLocal(row.created_at, corporation.timeZone),
      taxi_count: row.taxi_count,
      poi: form.poi,
      dst: form.dst,
      track: track(row),
    };
  }

  actions.add({
    async ORDER_SAVE(context) {
      const client = await context.client();
      refuseInMaintenance(context.corporation);
      await spend(
        limits,
        `order-save:${client.id}`,
        caps.ordersPerClientPerHour,
        3_600_000,
        'Too many orders; try again later',
      );
      const now = clock.now();
      const form = readOrderForm(context.payload, context.corporation, now);
      await checkPerks(client.id, form);
      if (form.company_profile_id && !context.corporation.invoicing)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'This corporation issues no invoices');
      const prepared = await services.dispatch.prepare(
        context.corporation,
        form,
        context.lang,
        now,
      );
      // Under the client's lock: a retried save finds the first order, and a second immediate
      // order cannot slip in beside the first.
      const { saved, created } = await withLock(storage, [`orders:${client.id}`], async (trx) => {
        if (form.call_uniqueid !== null) {
          const first = await orderOfCall(trx, client.id, form.call_uniqueid);
          if (first) return { saved: first, created: false };
        }
        await refuseSecondImmediateOrder(trx, client.id, form.order_type);
        await refuseTooManyScheduled(
          trx,
          client.id,
          form.order_type,
          caps.openScheduledOrdersPerClient,
        );
        const row = await insertOrder(
          trx,
          orderSecrets,
          {
            corporation_id: context.corporation.id,
            client_id: client.id,
            call_uniqueid: form.call_uniqueid,
            order_type: form.order_type,
            date_time: form.date_time,
            taxi_group_id: form.taxi_group_id,
            taxi_count: form.taxi_count,
            form: JSON.stringify(form),
            ...prepared,
          },
          now,
        );
        if (form.company_profile_id)
          await invoices.requestInvoice(
            trx,
            { id: row.id, corporation_id: context.corporation.id, client_id: client.id },
            form.company_profile_id,
          );
        await services.dispatch.logCreated(trx, row.id, form, now);
        return { saved: row, created: true };
      });
      if (created) {
        orderPlaced(form.order_type);
        services.dispatch.wake(form.order_type === 'R');
        if (form.phone !== '') await textRider(context, client.id, form.phone, saved);
      }
      return { order_id: saved.id, track: track(saved) };
    },

    /** Active orders, the nearest pickup first. */
    async GET_CURRENT_ORDERS(context) {
      const client = await context.client();
      const rows = await activeOrdersOf(db, client.id);
      const zone = context.corporation.timeZone;
      const pickup = (row: OrderRow) =>
        row.date_time ? (parseDateTime(row.date_time, zone) ?? row.created_at) : row.created_at;
      rows.sort((a, b) => pickup(a) - pickup(b));
      return { data_list: rows.map((row) => listed(context.corporation, row)) };
    },

    /** Finished orders, newest first, less those the client removed. */
    async GET_CLIENT_ORDER_HISTORY(context) {
      const client = await context.client();
      const group = context.payload.taxi_group_id ?? undefined;
      const rows = await historyOf(db, client.id, group, HISTORY_LENGTH);
      const numbers = await invoices.invoiceNumbers(
        db,
        rows.map((row) => row.id),
      );
      return {
        history: rows.map((row) => {
          const entry = listed(context.corporation, row);
          return {
            id: row.id,
            ...entry,
            date_time: row.date_time ?? entry.created,
            invoice_number: numbers.get(row.id) ?? null,
          };
        }),
      };
    },

    async IGNORE_CLIENT_ORDER_HISTORY(context) {
      const client = await context.client();
      if (!(await hideFromHistory(db, client.id, context.payload.order_id)))
        throw new ApiFailure('NOT_FOUND', 'No such order in your history');
      return {};
    },
  });
}
