// The app under its own Content-Security-Policy in a real browser (every other test file fails
// on a violation too, see support/browser.ts), and the ride secret kept out of Referer headers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newContext, takeViolations } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';

const it = useApp();

test('the page runs under a CSP that names its start-up script by hash and blocks any other inline script', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  const response = await page.goto(`${it.app.url}/about-app/`);
  const policy = (await response?.headerValue('content-security-policy')) ?? '';
  const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  assert.match(scripts, /'sha256-[A-Za-z0-9+/]+=*'/);
  assert.doesNotMatch(scripts, /unsafe-inline|unsafe-eval/);
  await page.getByRole('button', { name: 'Open menu' }).waitFor();

  // An injected inline script does not run, and the guard of every test sees the violation.
  const ran = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        addEventListener('securitypolicyviolation', () => resolve('injected' in window), {
          once: true,
        });
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.head.append(script);
      }),
  );
  assert.equal(ran, false);
  // Reported by the page's event and on the console; nothing else was.
  const seen = takeViolations();
  assert.ok(
    seen.some((violation) => violation.endsWith('script-src-elem blocked inline')),
    seen.join('\n'),
  );
  assert.ok(
    seen.every((violation) => violation.includes('script-src')),
    seen.join('\n'),
  );
  await context.close();
});

test('styles run without unsafe-inline: the app’s own sheets apply, an injected <style> or style attribute does not', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  const response = await page.goto(`${it.app.url}/about-app/`);
  const policy = (await response?.headerValue('content-security-policy')) ?? '';
  assert.doesNotMatch(policy, /unsafe-inline/);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.waitFor();
  // The sheets of the host and the remote went in through the CSSOM: the shell is styled.
  const rules = await page.evaluate(() =>
    Array.from(document.styleSheets).reduce((count, sheet) => count + sheet.cssRules.length, 0),
  );
  assert.ok(rules > 100, `${rules} rules in the page's sheets`);
  takeViolations();

  const applied = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        addEventListener('securitypolicyviolation', (event) => {
          seen.push(event.violatedDirective);
          if (seen.length === 2) resolve([...seen, getComputedStyle(probe).color]);
        });
        const style = document.createElement('style');
        style.textContent = '#injected-probe { color: rgb(1, 2, 3); }';
        document.head.append(style);
        const probe = document.createElement('p');
        probe.id = 'injected-probe';
        document.body.append(probe);
        const attributed = document.createElement('p');
        attributed.setAttribute('style', 'color: rgb(4, 5, 6)');
        document.body.append(attributed);
      }),
  );
  assert.deepEqual(applied.slice(0, 2).sort(), ['style-src-attr', 'style-src-elem']);
  assert.notEqual(applied[2], 'rgb(1, 2, 3)', 'the injected sheet does not apply');
  const seen = takeViolations();
  assert.ok(
    seen.every((violation) => violation.includes('style-src')),
    seen.join('\n'),
  );
  await context.close();
});

test('a shared ride link sends no Referer with anything the page loads', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  const referers: string[] = [];
  page.on('request', (request) => {
    const referer = request.headers().referer;
    if (referer) referers.push(`${request.url()} <- ${referer}`);
  });
  await page.goto(`${it.app.url}/t/12345/a-secret-of-the-ride`);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(referers, []);
  await context.close();
});

test('the built page carries the meta description in the visitor’s language', async () => {
  for (const [locale, description] of [
    ['en-US', /^Wisła Taxi — order a taxi/],
    ['pl-PL', /^Zamów taksówkę Wisła Taxi/],
  ] as const) {
    const context = await newContext(it.browser, locale);
    const page = await context.newPage();
    await page.goto(`${it.app.url}/regulations/`);
    assert.match(
      (await page.locator('meta[name="description"]').getAttribute('content')) ?? '',
      description,
    );
    await context.close();
  }
});
