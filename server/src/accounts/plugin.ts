import type { FastifyInstance } from 'fastify';
import { DeletionNoticeSchema } from '@taxi/contract/schemas';
import { compileCheck } from '../base/check.ts';
import { refuseCrossSite } from '../api/cross-site.ts';
import type { ActionContext } from '../api/registry.ts';
import { featureLists } from '../corporations/features.ts';
import { type Db, isUniqueViolation } from '../db/storage.ts';
import { ApiFailure, errorReply } from '../base/errors.ts';
import type { Services } from '../base/services.ts';
import {
  changePhone,
  clientById,
  clientPhone,
  findClient,
  markPhoneVerified,
  signInClient,
} from './clients.ts';
import { checkCode, sendCode } from './codes.ts';
import { requestsFromAddress, storeDeletionRequest } from './deletion-requests.ts';
import { normalisePhone } from './phone.ts';
import { sessionChecks } from './session-checks.ts';
import { closeSession, closeSessions, openSession, refreshSession } from './sessions.ts';

/** Deletion requests from one address per hour, for the unauthenticated notification endpoint. */
const NOTIFICATIONS_PER_IP = 5;
const checkNotice = compileCheck(DeletionNoticeSchema);
/** The phone of a call, in E.164 (INVALID_DATA for a number the corporation cannot text). */
function phoneParameter(context: ActionContext<{ phone: string }>): string {
  return normalisePhone(context.payload.phone, context.corporation);
}

/** The token a signed-in call carried (context.client() has taken it). */
const tokenOf = (context: ActionContext<unknown>): string => context.token ?? '';

/**
 * Deletes what another concern keeps of a client (saved places, favourite taxis, company
 * profiles, the e-mail address) when the account's deletion is asked: the composition root hands
 * in each concern's own.
 */
export type ForgetClient = (db: Db, clientId: number) => Promise<unknown>;

/**
 * Accounts: SMS sign-in, the session token, the client's data, phone verification and change,
 * and account-deletion requests (spec sections 4, 6, 7).
 */
export async function accountsPlugin(
  app: FastifyInstance,
  { services, forgetClient }: { services: Services; forgetClient: ForgetClient[] },
) {
  const { storage, clock, actions } = services;
  const { db } = storage;
  const sessions = await sessionChecks(services);
  app.addHook('onClose', async () => sessions.close());
  actions.identifyClientsBy(sessions.check);

  async function blockedGuard(context: ActionContext, phone: string): Promise<void> {
    const client = await findClient(db, context.corporation, phone);
    if (client?.blocked) throw new ApiFailure('BLOCKED');
  }

  async function phoneReply(clientId: number) {
    const client = await clientPhone(db, clientId);
    return { phone: client.phone, phone_secret_verified: client.phone_verified === 1 };
  }

  /** `source` and `signedIn` say how the request came; the caller's own `source` is not trusted. */
  async function requestDeletion(
    request: { corporationId: string; clientId: number | null; phone: string; ip: string },
    form: { subject?: string; info?: string },
    how: { source: 'DELETE_REQUEST' | 'notification'; signedIn: boolean },
  ) {
    await storeDeletionRequest(db, {
      corporation_id: request.corporationId,
      client_id: request.clientId,
      phone: request.phone,
      subject: form.subject ?? (how.signedIn ? 'DELETE_REQUEST' : ''),
      info: form.info ?? '',
      source: how.source,
      signed_in: how.signedIn ? 1 : 0,
      ip: request.ip,
      created_at: clock.now(),
    });
  }

  actions.add({
    async GET_AUTH_PHONE_SEND_SECRET(context) {
      if (!context.payload.gdpr) {
        throw new ApiFailure('INVALID_DATA', 'Accept the regulations and the privacy policy first');
      }
      const phone = phoneParameter(context);
      await blockedGuard(context, phone);
      await sendCode(services, { ...context, phone, purpose: 'login', clientId: null });
      return { phone };
    },

    async GET_AUTH_PHONE(context) {
      const phone = phoneParameter(context);
      const secret = context.payload.secret.trim();
      await blockedGuard(context, phone);
      await checkCode(
        services,
        { corporation: context.corporation, phone, purpose: 'login', clientId: null },
        secret,
      );
      const now = clock.now();
      const client = await signInClient(db, context.corporation, phone, now);
      return {
        auth: await openSession(db, client.id, now),
        ...featureLists(context.corporation, context.lang),
      };
    },

    async GET_AUTH(context) {
      await context.client();
      const token = tokenOf(context);
      await refreshSession(db, token, clock.now());
      return { auth: token, error: null, ...featureLists(context.corporation, context.lang) };
    },

    async GET_CLIENT(context) {
      const { id } = await context.client();
      const client = await clientById(db, id);
      return {
        client_data: {
          phone: client.phone,
          points: client.points,
          count_discount_available: client.count_discount_available,
          discount: client.discount,
          cash_free: client.cash_free === 1,
        },
      };
    },

    async GET_PHONE(context) {
      return phoneReply((await context.client()).id);
    },

    /** Sends a code to the client's own number, to verify it. */
    async GET_PHONE_SEND_SECRET(context) {
      const client = await context.client();
      await sendCode(services, {
        ...context,
        phone: client.phone,
        purpose: 'verify',
        clientId: client.id,
      });
      return { phone: client.phone };
    },

    async SET_PHONE_SECRET(context) {
      const client = await context.client();
      const check = {
        corporation: context.corporation,
        phone: client.phone,
        purpose: 'verify' as const,
        clientId: client.id,
      };
      await checkCode(services, check, context.payload.secret.trim());
      await markPhoneVerified(db, client.id);
      sessions.endClient(client.id);
      return phoneReply(client.id);
    },

    /** Sends a code to the new number; CHANGE_PHONE with that code switches to it. */
    async CHANGE_PHONE_SEND_SECRET(context) {
      const client = await context.client();
      const phone = phoneParameter(context);
      if (phone === client.phone)
        throw new ApiFailure('INVALID_DATA', 'New phone number is the same as the current one.');
      // Whether the number has an account is told only after its code is proven (CHANGE_PHONE):
      // otherwise this call would tell anyone signed in which numbers are passengers.
      await sendCode(services, { ...context, phone, purpose: 'change', clientId: client.id });
      return { phone };
    },

    async CHANGE_PHONE(context) {
      const client = await context.client();
      const phone = phoneParameter(context);
      const check = {
        corporation: context.corporation,
        phone,
        purpose: 'change' as const,
        clientId: client.id,
      };
      await checkCode(services, check, context.payload.secret.trim());
      if (await findClient(db, context.corporation, phone))
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'This phone number belongs to another account');
      try {
        await changePhone(db, client.id, phone);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ApiFailure(
            'ACTION_NOT_ALLOWED',
            'This phone number belongs to another account',
          );
        throw error;
      }
      sessions.endClient(client.id);
      return phoneReply(client.id);
    },

    /**
     * The client asks the operator to delete the account (spec section 4, "Account deletion");
     * the app logs out after it, and so does every device of the account.
     */
    async DELETE_REQUEST(context) {
      const client = await context.client();
      await requestDeletion(
        {
          corporationId: context.corporation.id,
          clientId: client.id,
          phone: client.phone,
          ip: context.ip,
        },
        context.payload,
        { source: 'DELETE_REQUEST', signedIn: true },
      );
      // Saved places, favourites, company profiles and the e-mail address are kept for no one
      // once their passenger asked to be forgotten.
      for (const forget of forgetClient) await forget(db, client.id);
      await closeSessions(db, client.id);
      sessions.endClient(client.id);
      return {};
    },

    /** Ends the calling token's session (logout; also after a deletion notice). */
    async LOGOUT(context) {
      await context.client();
      const token = tokenOf(context);
      await closeSession(db, token);
      sessions.endToken(token);
      return {};
    },
  });

  /**
   * The account-deletion notification of non-legal corporations: JSON {phone, subject, info,
   * source}; a reply with an `error` field is a failure.
   */
  app.post(
    '/report/account-deletion/',
    {
      bodyLimit: 16 * 1024,
      errorHandler: (error, request, reply) => {
        const clientFault = error instanceof ApiFailure || (error.statusCode ?? 500) < 500;
        if (!clientFault) request.log.error({ err: error }, 'deletion notice failed');
        const failure =
          error instanceof ApiFailure
            ? error
            : new ApiFailure(
                clientFault ? 'ARG_ERROR' : 'EXCEPTION',
                clientFault ? 'Expected JSON {phone, subject, info, source}' : undefined,
              );
        return reply
          .code(200)
          .send({ error: failure.message, ...errorReply(failure.code, failure.message) });
      },
    },
    async (request) => {
      const corporation = services.corporations.forRequest(request);
      if (!corporation)
        throw new ApiFailure('NOT_FOUND', 'No taxi corporation serves this host name');
      refuseCrossSite(request.headers, corporation);
      const form = checkNotice(request.body);
      const phone = normalisePhone(form.phone, corporation);
      const ip = services.clientAddress(request.raw);
      if ((await requestsFromAddress(db, ip, clock.now() - 60 * 60_000)) >= NOTIFICATIONS_PER_IP)
        throw new ApiFailure('ACTION_NOT_ALLOWED', 'Too many requests; try again later');
      const client = await findClient(db, corporation, phone);
      await requestDeletion(
        { corporationId: corporation.id, clientId: client?.id ?? null, phone, ip },
        form,
        { source: 'notification', signedIn: false },
      );
      return { status: 'OK', status_mesg: 'OK' };
    },
  );
}
