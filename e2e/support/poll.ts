import type { Page } from 'playwright-core';

/**
 * Resolves once `condition`, an async check run in the page, holds. page.waitForFunction cannot
 * do this: it does not await a returned promise, and a promise is truthy, so it would resolve at
 * once (microsoft/playwright#29132).
 */
export async function untilInPage(
  page: Page,
  condition: (arg: string) => Promise<boolean>,
  arg: string,
  { timeoutMs = 30_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    if (await page.evaluate(condition, arg)) return;
    if (Date.now() > deadline) {
      // What the passenger saw, so that a failure on CI says more than its timeout.
      const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' '));
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; the page read: ${text}`,
      );
    }
    await page.waitForTimeout(100);
  }
}
