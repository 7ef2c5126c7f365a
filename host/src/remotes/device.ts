/**
 * The random id that puts this device in a canary's share or not, kept in localStorage so the
 * passenger stays with one release across visits. index.html creates it before the first
 * registry request; this makes it where that script did not run. Undefined without storage.
 */
export const DEVICE_KEY = 'taxi.device';

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = randomId();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
