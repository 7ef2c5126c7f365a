// Calls to a server process over HTTP, as a client or a benchmark makes them.
import assert from 'node:assert/strict';
import type { Reply } from './api.ts';

/** A call over HTTP to a server process: form `cmd` (client style) or a JSON body (driver style). */
export async function post(
  base: string,
  pathname: string,
  body: Record<string, unknown>,
  form = true,
): Promise<Reply> {
  const response = await fetch(`${base}${pathname}`, {
    method: 'POST',
    ...(form
      ? { body: new URLSearchParams({ cmd: JSON.stringify(body) }) }
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    signal: AbortSignal.timeout(10_000),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as Reply;
}

/** How a caller sends one call (the soak benchmark times each); undefined when it failed. */
export type SendCall = (
  base: string,
  pathname: string,
  body: Record<string, unknown>,
) => Promise<Reply | undefined>;

/** Signs a passenger in through the demo SMS outbox; the token, or undefined if a step failed. */
export async function signInThroughOutbox(
  base: string,
  phone: string,
  send: SendCall = post,
): Promise<string | undefined> {
  const sent = await send(base, '/api/2/', {
    action_id: 'GET_AUTH_PHONE_SEND_SECRET',
    phone,
    gdpr: true,
  });
  if (sent?.status !== 'OK') return undefined;
  const outbox = await fetch(`${base}/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
  const [sms] = (await outbox.json()) as { code: string }[];
  const signedIn = await send(base, '/api/2/', {
    action_id: 'GET_AUTH_PHONE',
    phone,
    secret: sms?.code,
  });
  return signedIn?.status === 'OK' ? (signedIn.auth as string) : undefined;
}

/** A passenger signed in on a server process through the demo SMS outbox; returns the token. */
export async function signInPassenger(base: string, phone: string): Promise<string> {
  const auth = await signInThroughOutbox(base, phone);
  assert.ok(auth, `${phone} could not sign in through the SMS outbox`);
  return auth;
}
