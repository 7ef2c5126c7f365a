import { api, ApiError, connectionError, type Settings } from '@taxi/shared';

/**
 * The software vendor's account-deletion notification (spec section 7, "Other calls"), for
 * corporations that are not legal entities; served by this app's own server.
 */
export const DELETION_NOTICE_PATH = '/report/account-deletion/';

/** Where the notification says it came from. */
export const DELETION_SOURCE = 'passenger-web-app';

/** What the operator reads: who asks, for which corporation. */
function deletionNotice(settings: Settings, phone: string) {
  return {
    subject: 'Account deletion request',
    info: `${settings.corp || location.hostname}: the passenger with phone number ${phone} asks to delete the account, its ride history and points.`,
  };
}

async function notifyVendor(settings: Settings, phone: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(DELETION_NOTICE_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone, ...deletionNotice(settings, phone), source: DELETION_SOURCE }),
    });
  } catch {
    throw connectionError();
  }
  if (!response.ok) throw connectionError();
  const reply = (await response.json().catch(() => {
    throw connectionError();
  })) as Record<string, unknown> | null;
  // A reply with an error field is a failure.
  if (!reply || typeof reply !== 'object') throw connectionError();
  if (
    reply.error !== undefined &&
    reply.error !== null &&
    reply.error !== false &&
    reply.error !== ''
  ) {
    throw new ApiError(
      typeof reply.error_data === 'string' && reply.error_data ? reply.error_data : 'FAILED',
      String(reply.error),
    );
  }
}

/**
 * Asks for the account's deletion: DELETE_REQUEST (status must be OK) for a legal-entity
 * corporation, the vendor notification otherwise. Rejects with an ApiError.
 */
export async function requestDeletion(settings: Settings, phone: string | null): Promise<void> {
  if (settings.corp_legal) {
    // The server knows the client by the token; the notice is for the operator's eyes.
    await api.get('DELETE_REQUEST', phone ? deletionNotice(settings, phone) : {});
    return;
  }
  const number = phone || String((await api.get('GET_PHONE')).phone ?? '');
  if (!number) throw new ApiError('INVALID_DATA');
  await notifyVendor(settings, number);
}
