import type { SmsSender } from './sender.ts';

export interface HttpGatewayOptions {
  url: string;
  token: string;
  sender: string;
  /** The bound on one send: a gateway that hangs costs the passenger this long, then FAILED. */
  timeoutMs: number;
}

/**
 * Production sender: POST {to, from, text} as JSON to an SMS gateway, bearer-token authorised.
 * Any answer but 2xx is a failed send.
 */
export function createHttpGateway({
  url,
  token,
  sender,
  timeoutMs,
}: HttpGatewayOptions): SmsSender {
  return {
    async send({ phone, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: phone, from: sender, text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}
