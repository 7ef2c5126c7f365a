// axe-core audits in Chromium against the real app: the WCAG 2.0/2.1/2.2 A and AA rules, and the
// experimental label-in-name rule (WCAG 2.5.3), which axe leaves off by default.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './browser.ts';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** How the passenger has set the app up (local preferences `dark_mode` and `font_scale`). */
export interface Look {
  dark: boolean;
  fontScale: number;
}

/**
 * A fresh English profile with those preferences stored. The context bypasses the CSP: axe's
 * source is injected into the pages, which the app's policy (script-src 'self' + hashes) rightly
 * refuses. Only audit contexts do this; every other browser test runs the app under its policy.
 */
export async function auditContext(
  browser: Browser,
  look: Look,
  options: Parameters<typeof newContext>[2] = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, 'en-US', { bypassCSP: true, ...options });
  await context.addInitScript(
    (preferences) => {
      localStorage.setItem('preferences', JSON.stringify(preferences));
    },
    { dark_mode: look.dark, font_scale: look.fontScale },
  );
  return context;
}

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** The page's findings, one line each: 'rule (impact): help — where'. */
export async function audit(page: Page): Promise<{ id: string; impact: string; line: string }[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })) as { violations: Finding[] };
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  const path = new URL(page.url()).pathname;
  return violations.map(({ id, impact, help, nodes }) => ({
    id,
    impact: impact ?? 'unknown',
    line: `${path} ${id} (${impact}): ${help} — ${nodes
      .slice(0, 4)
      .map(({ target }) => target.join(' '))
      .join(
        ' | ',
      )}${nodes[0]?.failureSummary ? ` (${nodes[0].failureSummary.replace(/\s+/g, ' ')})` : ''}`,
  }));
}

/** Serious and critical findings fail an audit; the others are printed. */
export const BLOCKING = new Set(['serious', 'critical']);
