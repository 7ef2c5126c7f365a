/**
 * Waits for `check` to give something: not false, not undefined, not an error (what is not up
 * yet may fail to answer). Asks every 50 ms; fails naming `what` after `ms`.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | false | undefined>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await check().catch(() => undefined);
    if (found !== undefined && found !== false) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (${ms} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
