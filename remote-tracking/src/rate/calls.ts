// The rating API (spec section 7): POST /rate/api/1/, authorised by the short id and secret.
import { api, ApiError, type OrderKey } from '@taxi/shared';

export interface Rating {
  rate: number;
  comment: string | null;
}

function ids({ shortId, secret }: OrderKey) {
  return { order_short_id: shortId, secret };
}

/** GET_RATE: the ride's rating, or null while it is not rated (data.rate null). */
export async function getRate(key: OrderKey): Promise<Rating | null> {
  const reply = await api.rate('GET_RATE', ids(key));
  const data = (reply.data ?? {}) as { rate?: unknown; comment?: unknown };
  return typeof data.rate === 'number'
    ? { rate: data.rate, comment: typeof data.comment === 'string' ? data.comment : null }
    : null;
}

/** SET_RATE: status_mesg OK means the rating was taken. */
export async function setRate(key: OrderKey, rate: number, comment = ''): Promise<void> {
  const text = comment.trim();
  const reply = await api.rate('SET_RATE', {
    ...ids(key),
    data: { rate, ...(text ? { comment: text } : {}) },
  });
  if (reply.status_mesg !== undefined && reply.status_mesg !== 'OK') {
    throw new ApiError('FAILED', reply.status_mesg);
  }
}
