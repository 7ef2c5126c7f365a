/** A page of any driver here: Playwright's, or an engine's of e2e/support/engines.ts. */
export interface Evaluates {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

/**
 * Resolves once `condition`, an async check run in the page, holds. page.waitForFunction cannot
 * do this: it does not await a returned promise, and a promise is truthy, so it would resolve at
 * once (microsoft/playwright#29132).
 */
export async function untilInPage(
  page: Evaluates,
  condition: (arg: string) => Promise<boolean>,
  arg: string,
  { timeoutMs = 30_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    if (await page.evaluate(condition, arg)) return;
    if (Date.now() > deadline) {
      // What the passenger saw, so that a failure on CI says more than its timeout.
      const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' '), null);
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; the page read: ${text}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
