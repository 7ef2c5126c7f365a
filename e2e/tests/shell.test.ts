import { test } from 'node:test';
import type { Page } from 'playwright-core';
import assert from 'node:assert/strict';
import { newContext } from '../support/browser.ts';
import { useApp } from '../support/fixture.ts';
import { demoCorporation } from '../support/app.ts';
import { signInByApi, storeToken } from '../support/session.ts';
import { ride, setOrderState } from '../support/rides.ts';
import { openFromMenu } from '../support/menu.ts';

const demo = demoCorporation();
const it = useApp({
  corporations: [
    {
      ...demo,
      id: 'maintenance-corp',
      hostnames: ['maintenance.localhost'],
      settings: { ...demo.settings, maintenance: true },
    },
    {
      ...demo,
      id: 'broken-tracking',
      hostnames: ['broken.localhost'],
      releases: {
        ...(demo.releases ?? {}),
        tracking: '/mf/tracking/0.0.0-missing/mf-manifest.json',
      },
    },
  ],
});

test('maintenance on: every route shows the apology page', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  await page.goto(`${it.app.urlFor('maintenance.localhost')}/regulations/`);
  await page.getByRole('heading', { name: 'We are sorry' }).waitFor();
  await page
    .getByText('Ordering a taxi through the application is currently not possible.')
    .waitFor();
  assert.equal(new URL(page.url()).pathname, '/maintenance/');
  await page.goto(`${it.app.urlFor('maintenance.localhost')}/auth/`);
  await page.getByRole('heading', { name: 'We are sorry' }).waitFor();
  await context.close();
});

test('maintenance off: /maintenance/ goes Home, which sends a visitor to Auth', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  await page.goto(`${it.app.url}/maintenance/`);
  await page.waitForURL((url) => url.pathname === '/auth/');
  await context.close();
});

test('the drawer of a visitor has the public entries and no logout', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  await page.goto(`${it.app.url}/about-app/`);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  for (const name of ['Regulations', 'Privacy policy', 'Privacy policy taxi', 'About app']) {
    await menu.getByRole('link', { name, exact: true }).waitFor();
  }
  await menu.getByRole('button', { name: 'Call us' }).click();
  assert.ok((await menu.getByRole('link').filter({ hasText: '+48' }).count()) >= 1);
  assert.equal(await menu.getByRole('button', { name: 'Logout' }).count(), 0);
  assert.equal(await menu.getByRole('link', { name: 'Homepage' }).count(), 0);
  await context.close();
});

test('the drawer of a logged-in passenger has the profile card, Home and logout', async () => {
  const token = await signInByApi(it.app, '+48600100201');
  const context = await newContext(it.browser, 'en-US');
  await storeToken(context, token);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/about-app/`);
  await page.getByRole('heading', { level: 1, name: 'About app' }).waitFor();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await menu.getByRole('link', { name: /\+48 600 100 201.*My account/ }).waitFor();
  await menu.getByRole('link', { name: 'Homepage' }).waitFor();
  await menu.getByRole('link', { name: 'Regulations' }).waitFor();
  await menu.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/');
  assert.equal(await page.evaluate(() => localStorage.getItem('client_token')), null);
  await context.close();
});

test('a stored token the server rejects is forgotten and the passenger goes to Auth', async () => {
  const context = await newContext(it.browser, 'en-US');
  await storeToken(context, 'not-a-real-token');
  const page = await context.newPage();
  await page.goto(`${it.app.url}/history/`);
  await page.waitForURL((url) => url.pathname === '/auth/');
  assert.equal(await page.evaluate(() => localStorage.getItem('client_token')), null);
  await context.close();
});

test('a valid token sends a non-public first destination Home and keeps a public one', async () => {
  const token = await signInByApi(it.app, '+48600100202');
  const context = await newContext(it.browser, 'en-US');
  await storeToken(context, token);
  const page = await context.newPage();
  await page.goto(`${it.app.url}/history/`);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`${it.app.url}/regulations/`);
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/regulations/');
  await context.close();
});

test('a remote that cannot load shows unavailable with Retry while the rest works', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  const broken = it.app.urlFor('broken.localhost');
  await page.goto(`${broken}/t/abc123/secret`);
  await page.getByRole('heading', { name: 'This part of the app is unavailable' }).waitFor();
  const retry = page.getByRole('button', { name: 'Retry' });
  await retry.click();
  await page.getByRole('heading', { name: 'This part of the app is unavailable' }).waitFor();
  // The layout around it still works, and so does every other remote.
  await openFromMenu(page, 'Regulations');
  await page.getByRole('heading', { level: 1, name: 'Regulations' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/regulations/');
  await context.close();
});

test('Polish visitors get the unavailable view in Polish', async () => {
  const context = await newContext(it.browser, 'pl-PL');
  const page = await context.newPage();
  await page.goto(`${it.app.urlFor('broken.localhost')}/r/abc123/secret`);
  await page.getByRole('heading', { name: 'Ta część aplikacji jest niedostępna' }).waitFor();
  await page.getByRole('button', { name: 'Spróbuj ponownie' }).waitFor();
  await context.close();
});

test('the page draws its skeleton at the passenger’s text size before any script of the app', async () => {
  const context = await newContext(it.browser, 'en-US');
  // The app's scripts are held back (never answered), so what shows is the server's page alone.
  await context.route('**/mf/**/*.js', () => {});
  const rootFontSize = async () => {
    const page = await context.newPage();
    await page.goto(`${it.app.url}/auth/`, { waitUntil: 'commit' });
    await page.locator('.sk').first().waitFor({ state: 'attached' });
    const size = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    await page.close();
    return size;
  };
  // A new visitor: the app's default text size, 125 % of 16 px.
  assert.equal(await rootFontSize(), '20px');
  await context.addInitScript(() =>
    localStorage.setItem('preferences', JSON.stringify({ font_scale: 1.5 })),
  );
  assert.equal(await rootFontSize(), '24px');
  await context.close();
});

/** The scripts a page as served names: its own and those it preloads. */
async function scriptsOf(path: string): Promise<string[]> {
  const page = await (await fetch(`${it.app.url}${path}`)).text();
  return [...page.matchAll(/(?:src|href)="?([^"\s>]+\.js)\b/g)].map((m) => m[1]!);
}

test('the host’s main script asks V8 to compile it while it streams in; the other start-up scripts are compiled lazily', async () => {
  const scripts = await scriptsOf('/auth/');
  const opening = async (url: string) =>
    (await (await fetch(new URL(url, it.app.url))).text()).split('\n', 1)[0];
  const main = scripts.find((url) => url.endsWith('/main.js'));
  assert.ok(main, `no main.js among ${scripts.join(', ')}`);
  assert.equal(await opening(main), '//# allFunctionsCalledOnLoad');
  // Its other start-up chunks are small and partly run later: compiled lazily, as by default.
  for (const url of scripts.filter((url) => url !== main))
    assert.notEqual(await opening(url), '//# allFunctionsCalledOnLoad', url);
});

test('the first screens’ scripts carry no development-only warnings', async () => {
  const scripts = new Set([...(await scriptsOf('/auth/')), ...(await scriptsOf('/'))]);
  assert.ok(scripts.size > 0);
  for (const url of scripts) {
    const script = await (await fetch(new URL(url, it.app.url))).text();
    // React Router's development build warns about misuse; its production build does not.
    assert.ok(!script.includes('You rendered descendant <Routes>'), `a warning in ${url}`);
  }
});

test('the style sheets the app adds to the page come minified, rule by rule through the CSSOM', async () => {
  const served = await (await fetch(`${it.app.url}/auth/`)).text();
  const context = await newContext(it.browser, 'en-US');
  // The rules as the scripts hand them to the page.
  await context.addInitScript(() => {
    const inserted: string[] = [];
    (window as unknown as { inserted: string[] }).inserted = inserted;
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      inserted.push(rule);
      return insertRule.call(this, rule, index);
    };
  });
  const page = await context.newPage();
  await page.goto(`${it.app.url}/auth/`);
  await page
    .getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' })
    .waitFor();
  const { inserted, texts } = await page.evaluate(() => ({
    inserted: (window as unknown as { inserted: string[] }).inserted,
    texts: Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? ''),
  }));
  await context.close();
  assert.ok(inserted.length > 0, 'no style rule added by the scripts');
  for (const rule of inserted)
    assert.ok(!/\/\*|\n/.test(rule), `comments or indentation in ${rule.slice(0, 80)}`);
  // The only <style> text is the page's own as served (allowed by its hash); the rest are empty.
  for (const text of texts) assert.ok(text === '' || served.includes(text), text.slice(0, 80));
});

test('the bar shows the logo the page carries at once, the same picture, not downloaded again', async () => {
  const context = await newContext(it.browser, 'en-US');
  // The logo's own address never answers: only the copy inside the page can be shown.
  const asked: string[] = [];
  await context.route('**/brand/demo/logo.svg', (route) => void asked.push(route.request().url()));
  // Marks the skeleton's logo as the parser adds it: the bar's picture must be that one.
  await context.addInitScript(() =>
    new MutationObserver((records) =>
      records.forEach(({ addedNodes }) =>
        addedNodes.forEach((node) => {
          if (node instanceof HTMLImageElement && node.classList.contains('sk-logo'))
            node.dataset.fromPage = '';
        }),
      ),
    ).observe(document, { childList: true, subtree: true }),
  );
  const page = await context.newPage();
  await page.goto(`${it.app.url}/auth/`);
  await page
    .getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' })
    .waitFor();
  const logo = page.getByRole('img', { name: 'Wisła Taxi' });
  assert.equal(
    await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    true,
  );
  assert.equal(await logo.getAttribute('data-from-page'), '', 'a new picture, decoded again');
  assert.deepEqual(asked, []);
  await context.close();
});

test('changing screens fetches no favicon again: the SVG one becomes a small PNG in the page', async () => {
  const context = await newContext(it.browser, 'en-US');
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/brand/demo/icon.svg')) fetched.push(request.url());
  });
  await page.goto(`${it.app.url}/auth/`);
  const favicon = page.locator('link[rel="icon"]');
  // Polled by a timer: a frame callback each frame would keep the page from ever being quiet.
  await page.waitForFunction(
    () =>
      document
        .querySelector<HTMLLinkElement>('link[rel="icon"]')
        ?.href.startsWith('data:image/png'),
    undefined,
    { polling: 100 },
  );
  const size = await favicon.evaluate(async (link: HTMLLinkElement) => {
    const image = new Image();
    image.src = link.href;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  });
  assert.deepEqual(size, [96, 96]);
  // Chromium fetches the favicon again at each change of screen: an SVG's document each time.
  fetched.length = 0;
  for (const name of ['About app', 'Regulations']) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  assert.deepEqual(fetched, []);
  await context.close();
});

test('login, Home and a ride link show their first texts before any script, and the screen draws nothing larger after', async () => {
  const token = await signInByApi(it.app, '+48600555014');
  // A ride link's heading is its order's state: one that stays, an order the operator cancelled.
  const cancelled = await ride(it.app, await signInByApi(it.app, '+48600555015'), false);
  setOrderState(it.app, cancelled.split('/')[0]!, 'A');
  const screens = [
    {
      path: '/auth/',
      skeleton: 'sk-lead',
      text: 'You log in with your mobile phone number and a code we send you by SMS. Please read the regulations and the privacy policy first.',
      usable: (page: Page) =>
        page.getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' }),
    },
    {
      path: '/',
      skeleton: 'sk-placeholder',
      text: 'Where should the taxi come?',
      signedIn: true,
      usable: (page: Page) => page.getByRole('button', { name: 'Order', exact: true }),
    },
    {
      path: `/t/${cancelled}`,
      skeleton: 'sk-panel-title',
      text: 'Order cancelled or handed to another taxi',
      usable: (page: Page) =>
        page.getByRole('heading', { name: 'Order cancelled or handed to another taxi' }),
    },
  ];
  for (const screen of screens) {
    const context = await newContext(it.browser, 'en-US');
    if (screen.signedIn) await storeToken(context, token);
    // Each largest paint as it happens, with the element's class (a skeleton's is gone later).
    await context.addInitScript(() => {
      const painted: string[] = [];
      (window as unknown as { __largest: string[] }).__largest = painted;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & { element: Element | null }[])
          painted.push(`${entry.element?.className}: ${entry.element?.textContent}`);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    // The app's scripts wait until the page alone has painted.
    let paintedAlone: () => void = () => undefined;
    const gate = new Promise<void>((open) => (paintedAlone = open));
    await context.route('**/mf/**/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    // The map's pictures are held back: on a fast machine a tile can paint before the screen is
    // usable and be the larger paint, by design (Lighthouse's LCP on Home is often a tile). What
    // is looked at here is the screen's first render against its skeleton.
    await context.route('**/tiles/**', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${it.app.url}${screen.path}`, { waitUntil: 'commit' });
    const largest = () =>
      page.evaluate(() => (window as unknown as { __largest: string[] }).__largest);
    await page.waitForFunction(
      () => (window as unknown as { __largest: string[] }).__largest.length > 0,
    );
    assert.deepEqual(await largest(), [`${screen.skeleton}: ${screen.text}`]);
    paintedAlone();
    await screen.usable(page).waitFor();
    // Past the frame that painted the screen, and past the observer's report of it.
    await page.evaluate(
      () =>
        new Promise((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))),
        ),
    );
    assert.deepEqual(await largest(), [`${screen.skeleton}: ${screen.text}`], screen.path);
    await context.close();
  }
});

/**
 * Login, Home (for a signed-in passenger) and a ride link, each with what shows it usable: a
 * passenger signed in by `phone`, and the link of a ride ordered by `riderPhone`.
 */
async function firstScreens(phone: string, riderPhone: string) {
  const token = await signInByApi(it.app, phone);
  const link = await ride(it.app, await signInByApi(it.app, riderPhone), false);
  const screens = [
    {
      path: '/auth/',
      usable: (page: Page) =>
        page.getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' }),
    },
    {
      path: '/',
      signedIn: true,
      usable: (page: Page) => page.getByRole('button', { name: 'Order', exact: true }),
    },
    {
      path: `/t/${link}`,
      usable: (page: Page) => page.getByRole('button', { name: 'Share ride' }),
    },
  ];
  /** A browser context for `screen`, signed in where it wants it. */
  const contextFor = async (screen: { signedIn?: boolean }) => {
    const context = await newContext(it.browser, 'en-US');
    if (screen.signedIn) await storeToken(context, token);
    return context;
  };
  return { screens, contextFor };
}

test('login, Home and a ride link: the app replaces the page’s skeleton only once the browser has shown it, cold and warm', async () => {
  const { screens, contextFor } = await firstScreens('+48600555018', '+48600555019');
  for (const screen of screens) {
    const context = await contextFor(screen);
    // When the skeleton leaves the page: after the first contentful paint (it was seen), or before.
    await context.addInitScript(() => {
      const seen = window as unknown as { __skeletonGone?: string };
      new MutationObserver((changes, observer) => {
        for (const change of changes)
          for (const node of Array.from(change.removedNodes))
            if (node instanceof Element && node.classList.contains('sk')) {
              const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
              seen.__skeletonGone = painted ? 'after the first paint' : 'before the first paint';
              observer.disconnect();
            }
      }).observe(document, { childList: true, subtree: true });
    });
    // Cold, then warm: the second start's scripts come from the cache, as fast as they can.
    for (const start of ['cold', 'warm']) {
      const page = await context.newPage();
      await page.goto(`${it.app.url}${screen.path}`);
      await screen.usable(page).waitFor();
      assert.equal(
        await page.evaluate(
          () => (window as unknown as { __skeletonGone?: string }).__skeletonGone,
        ),
        'after the first paint',
        `${screen.path} ${start}`,
      );
      await page.close();
    }
    await context.close();
  }
});

test('login, Home and a ride link: the app’s first render draws the screen, with no loading spinner between the skeleton and it', async () => {
  const { screens, contextFor } = await firstScreens('+48600555016', '+48600555017');
  for (const screen of screens) {
    const context = await contextFor(screen);
    // Every loading status the shell put up around a screen (a screen's own are inside it).
    await context.addInitScript(() => {
      const shown: string[] = [];
      (window as unknown as { __shellLoading: string[] }).__shellLoading = shown;
      new MutationObserver(() => {
        for (const status of Array.from(document.querySelectorAll('#root [role=status]')))
          if (!status.closest('.sh-remote') && status.textContent === 'Loading…')
            shown.push(status.textContent);
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(`${it.app.url}${screen.path}`);
    await screen.usable(page).waitFor();
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { __shellLoading: string[] }).__shellLoading),
      [],
      screen.path,
    );
    await context.close();
  }
});
