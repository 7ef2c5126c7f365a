// The public links of one order: anyone holding the short id and the secret may follow
// (/t/{o}/{p}) and rate (/r/{o}/{p}) the ride.
export interface OrderKey {
  shortId: string;
  secret: string;
}

const part = encodeURIComponent;

export function trackPath({ shortId, secret }: OrderKey): string {
  return `/t/${part(shortId)}/${part(secret)}`;
}

export function ratePath({ shortId, secret }: OrderKey): string {
  return `/r/${part(shortId)}/${part(secret)}`;
}

/** The tracking link as someone else opens it. */
export function publicTrackUrl(key: OrderKey, origin = globalThis.location?.origin ?? ''): string {
  return `${origin}${trackPath(key)}`;
}

/** Date-times as the server sends them ('YYYY-MM-DD HH:MM:SS'), to the minute. */
export function shortDateTime(value: string | null | undefined): string {
  return (value ?? '').replace('T', ' ').slice(0, 16);
}
