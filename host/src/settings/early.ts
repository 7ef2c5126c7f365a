import { offerEarlySocket, type EarlySocket } from '@taxi/shared';

/** Requests index.html starts before any script has loaded; each can be taken once. */
type EarlyRequest = 'settings' | 'registry';

declare global {
  interface Window {
    __taxiEarly?: Partial<Record<EarlyRequest, Promise<Response>>> & { track?: EarlySocket };
  }
}

export function takeEarly(name: EarlyRequest, request: () => Promise<Response>): Promise<Response> {
  const early = typeof window === 'undefined' ? undefined : window.__taxiEarly?.[name];
  if (early) {
    delete window.__taxiEarly![name];
    return early;
  }
  return request();
}

/** A ride link's tracking socket index.html opened, handed to the tracking client. */
export function offerEarlyTracking(): void {
  if (typeof window === 'undefined') return;
  offerEarlySocket(window.__taxiEarly?.track);
  delete window.__taxiEarly?.track;
}
