import type { Invoice } from '@taxi/contract';
import {
  COMPANY_PROFILES_MAX,
  type CompanyProfileInput,
  isValidNip,
  nipDigits,
} from '@taxi/contract/business';
import { isEmailAddress } from '@taxi/contract/email';
import type { FastifyInstance } from 'fastify';
import type { ActionContext, ClientHandlers } from '../api/registry.ts';
import { withLock } from '../db/storage.ts';
import { ApiFailure } from '../base/errors.ts';
import { clientWithinLimit } from '../events/limits.ts';
import { clientOrder } from '../orders/store.ts';
import type { Services } from '../base/services.ts';
import { rideLinkKey } from '../tracking/link.ts';
import { issueFinished } from './issue.ts';
import { registerInvoiceMail } from './mail.ts';
import { deleteProfile, invoiceOfOrder, profilesOf, saveProfile } from './store.ts';

/** Calls of the company-profile and invoice actions per client per minute. */
export const INVOICE_CALLS_PER_CLIENT_PER_MINUTE = 30;
/** Finished rides are looked for this often; an invoice is issued within it of the ride's end. */
const ISSUE_EVERY_MS = 2_000;

/**
 * Business rides (docs/invoices.md): the passenger's company profiles, and the VAT invoice of a
 * ride ordered with one, issued by any process once the ride is finished. Names, addresses, tax
 * numbers and e-mail addresses are never logged.
 */
export async function invoicesPlugin(app: FastifyInstance, services: Services) {
  const { storage, clock, limits, actions } = services;
  const { db } = storage;

  const caller = (context: ActionContext) =>
    clientWithinLimit(limits, 'invoices', INVOICE_CALLS_PER_CLIENT_PER_MINUTE, () =>
      context.client(),
    );

  /** A profile as its schema let it in, trimmed, with a name, an address, a NIP and an e-mail. */
  function readProfile(input: CompanyProfileInput) {
    const name = input.name.trim();
    const address = input.address.trim();
    const nip = nipDigits(input.nip.trim());
    const email = input.email.trim();
    if (!name || !address) throw new ApiFailure('INVALID_DATA', 'profile: name and address');
    if (!isValidNip(nip)) throw new ApiFailure('INVALID_DATA', 'profile.nip: 10 digits');
    if (!isEmailAddress(email)) throw new ApiFailure('INVALID_DATA', 'profile.email: invalid');
    return { id: input.id ?? null, name, address, nip, email };
  }

  const handlers: ClientHandlers = {
    async GET_COMPANY_PROFILES(context) {
      const client = await caller(context);
      return {
        invoicing: context.corporation.invoicing !== undefined,
        data_list: await profilesOf(db, client.id),
      };
    },

    async SAVE_COMPANY_PROFILE(context) {
      const client = await caller(context);
      if (!context.corporation.invoicing)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'This corporation issues no invoices');
      const input = readProfile(context.payload.profile);
      // One writer per client at a time: the cap holds under races.
      const id = await withLock(storage, [`company-profiles:${client.id}`], (trx) =>
        saveProfile(trx, client.id, input, COMPANY_PROFILES_MAX, clock.now()),
      );
      const profile = (await profilesOf(db, client.id)).find((p) => p.id === id)!;
      return { profile };
    },

    async DELETE_COMPANY_PROFILE(context) {
      const client = await caller(context);
      await deleteProfile(db, client.id, context.payload.profile_id);
      return {};
    },

    async GET_INVOICE(context) {
      const client = await caller(context);
      const { shortId } = rideLinkKey(context.payload.order_short_id, '');
      const order = await clientOrder(db, client.id, context.corporation.id, shortId);
      // Another client's order and an unknown one get the same answer.
      if (!order) throw new ApiFailure('ORDER_ACCESS_DENIED');
      const invoice = await invoiceOfOrder(db, order.id);
      if (!invoice) throw new ApiFailure('NOT_FOUND', 'This ride was not ordered with an invoice');
      return { invoice: invoice.document ? (JSON.parse(invoice.document) as Invoice) : null };
    },
  };
  actions.add(handlers);
  registerInvoiceMail(services);

  const onError = (error: unknown) =>
    app.log.error({ err: error }, 'invoices: finished rides were not invoiced');
  let issuing: Promise<unknown> | undefined;
  const issuer = setInterval(() => {
    issuing ??= issueFinished(services)
      .catch(onError)
      .finally(() => (issuing = undefined));
  }, ISSUE_EVERY_MS);
  issuer.unref();
  app.addHook('onClose', async () => {
    clearInterval(issuer);
    await issuing;
  });
}
