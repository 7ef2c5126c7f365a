// Logs a passenger in the way the app does (SMS code read from the development outbox),
// over HTTP, for tests whose subject is not the login itself.
import type { RunningApp } from './app.ts';

interface Reply {
  status: string;
  error_data?: string;
  [field: string]: unknown;
}

/**
 * One call of the API as the corporation of `hostname` (named by the hostname parameter:
 * Node does not resolve *.localhost as the browser does).
 */
export async function callApi(
  app: RunningApp,
  action: string,
  payload: Record<string, unknown> = {},
  hostname = 'localhost',
): Promise<Reply> {
  const cmd = JSON.stringify({ action_id: action, lang: 'en', ...payload });
  const response = await fetch(`${app.url}/api/2/?${new URLSearchParams({ hostname })}`, {
    method: 'POST',
    body: new URLSearchParams({ cmd }),
  });
  return (await response.json()) as Reply;
}

/**
 * The newest SMS code sent to a phone by the corporation of `hostname` (the outbox lists only
 * the asking corporation's messages).
 */
export async function latestCode(
  app: RunningApp,
  phone: string,
  hostname = 'localhost',
): Promise<string> {
  const query = new URLSearchParams({ phone, hostname });
  const response = await fetch(`${app.url}/dev/sms-outbox?${query}`);
  const messages = (await response.json()) as { code: string }[];
  if (!messages[0]) throw new Error(`no SMS was sent to ${phone}`);
  return messages[0].code;
}

/** A passenger's token, from a consent, a code sent by SMS and that code. */
export async function signInByApi(
  app: RunningApp,
  phone: string,
  hostname = 'localhost',
): Promise<string> {
  const sent = await callApi(app, 'GET_AUTH_PHONE_SEND_SECRET', { phone, gdpr: true }, hostname);
  if (sent.status !== 'OK') throw new Error(`sending the code failed: ${JSON.stringify(sent)}`);
  const secret = await latestCode(app, phone, hostname);
  const signedIn = await callApi(app, 'GET_AUTH_PHONE', { phone, secret }, hostname);
  if (signedIn.status !== 'OK' || typeof signedIn.auth !== 'string') {
    throw new Error(`login failed: ${JSON.stringify(signedIn)}`);
  }
  return signedIn.auth;
}

/** What storeToken needs of a context: Playwright's, or the benchmarks' own (bench/cdp.ts). */
interface InitScripts {
  addInitScript(script: (token: string) => void, token: string): unknown;
}

/** The browser context starts with that token stored, as after a login on the device. */
export async function storeToken(context: InitScripts, token: string): Promise<void> {
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('client_token', value);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
}
