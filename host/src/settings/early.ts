/** Requests index.html starts before any script has loaded; each can be taken once. */
type EarlyRequest = 'settings' | 'registry';

declare global {
  interface Window {
    __taxiEarly?: Partial<Record<EarlyRequest, Promise<Response>>>;
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
