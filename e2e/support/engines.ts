// Firefox ESR and WebKitGTK as Debian ships them, for the core journeys (e2e/engines): Firefox
// driven by puppeteer-core over WebDriver BiDi, WebKitGTK by its WebKitWebDriver (W3C WebDriver
// classic over HTTP) with MiniBrowser under Xvfb. Both behind one small page interface, so that
// one journey module runs in either. Nothing is ever downloaded.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { freePort } from '@taxi/server/test-support/server-process';

const FIREFOX = '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
/** MiniBrowser of Debian's libwebkit2gtk-4.1-0 (dpkg -L libwebkit2gtk-4.1-0). */
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** A phone's viewport, as the Chromium suite uses. */
const VIEWPORT = { width: 390, height: 844 };
const TIMEOUT_MS = 15_000;

/** What a journey does with a page, in either engine. */
export interface EnginePage {
  goto(url: string): Promise<void>;
  url(): Promise<URL>;
  /** Runs `fn(arg)` in the page (awaited); its result comes back as JSON. */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** A click, by the engine's own input, on the element of that role and accessible name. */
  click(role: string, name: string | RegExp): Promise<void>;
  /** Types `text` into the (empty) field of that role and name, key by key. */
  fill(role: string, name: string | RegExp, text: string): Promise<void>;
  /** Resolves once an element of that role and name is shown. */
  waitFor(role: string, name: string | RegExp, timeoutMs?: number): Promise<void>;
  waitForUrl(check: (url: URL) => boolean, timeoutMs?: number): Promise<void>;
  /** Console errors, uncaught errors and CSP violations since the last call. */
  takeErrors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Engine {
  /** A page in a profile of its own: nothing stored by another session. */
  newSession(): Promise<EnginePage>;
  close(): Promise<void>;
}

/**
 * The first shown element of `role` whose accessible name matches, run inside the page.
 * Neither WebDriver classic nor a page has an accessibility-tree query (puppeteer's `::-p-aria`
 * exists for Firefox, but one finder keeps both engines' journeys the same), so this is a
 * small approximation of the ARIA rules the app's markup uses: an explicit role or the
 * element's implicit one, and a name from aria-labelledby, aria-label, a label, alt or title,
 * else the text.
 */
function findByRole(role: string, source: string, flags: string): Element | null {
  const implicit: Record<string, string> = {
    article: 'article',
    banner: 'header',
    button: 'button,input[type=button],input[type=submit]',
    checkbox: 'input[type=checkbox]',
    dialog: 'dialog',
    heading: 'h1,h2,h3,h4,h5,h6',
    link: 'a[href]',
    navigation: 'nav',
    radio: 'input[type=radio]',
    region: 'section[aria-label],section[aria-labelledby]',
    row: 'tr',
    table: 'table',
    textbox: 'input:not([type]),input[type=text],input[type=tel],input[type=email],textarea',
  };
  const wanted = new RegExp(source, flags);
  const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy)
      return text(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    const label = element.getAttribute('aria-label');
    if (label) return text(label);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0)
      return text(Array.from(labels, (one) => one.textContent).join(' '));
    // A row's cells apart, as a name from content has them.
    const cells = (element as HTMLTableRowElement).cells;
    if (cells) return text(Array.from(cells, (cell) => cell.textContent).join(' '));
    // The text as written: innerText would carry CSS text-transform, which names do not.
    return text(
      element.getAttribute('alt') ?? element.getAttribute('title') ?? element.textContent,
    );
  };
  const selector = `[role="${role}"]${implicit[role] ? `,${implicit[role]}` : ''}`;
  for (const element of Array.from(document.querySelectorAll(selector))) {
    const explicit = element.getAttribute('role');
    if (explicit && explicit !== role) continue;
    if (element.closest('[aria-hidden="true"],[hidden],[inert]')) continue;
    if (element.getClientRects().length === 0) continue;
    if (wanted.test(nameOf(element))) return element;
  }
  return null;
}

/** A name as findByRole takes it: a string is the whole name, exactly. */
function pattern(name: string | RegExp): [string, string] {
  return typeof name === 'string'
    ? [`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, '']
    : [name.source, name.flags];
}

async function until<T>(
  find: () => Promise<T | null>,
  what: string,
  pageText: () => Promise<string>,
  timeoutMs = TIMEOUT_MS,
): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const found = await find().catch(() => null);
    if (found) return found;
    if (Date.now() > deadline) {
      const read = await pageText().catch((error: Error) => `(unreadable: ${error.message})`);
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; the page read: ${read}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const bodyText = () => document.body.innerText.replace(/\s+/g, ' ');

// --- Firefox ------------------------------------------------------------------------------

/**
 * Firefox ESR headless with a fresh profile: English, notifications allowed (the test's
 * "yes"), and none of its background traffic (updates, telemetry, safe browsing) on a machine
 * without internet.
 */
const FIREFOX_PREFS = {
  'intl.accept_languages': 'en-US',
  'intl.locale.requested': 'en-US',
  'permissions.default.desktop-notification': 1,
  'alerts.useSystemBackend': false,
  'app.update.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'browser.region.network.url': '',
};

class FirefoxPage implements EnginePage {
  readonly #page: Page;
  readonly #errors: string[] = [];
  readonly #close: () => Promise<void>;

  constructor(page: Page, close: () => Promise<void>) {
    this.#page = page;
    this.#close = close;
    page.on('console', (message) => {
      if (message.type() === 'error') this.#errors.push(`console: ${message.text()}`);
    });
    // Uncaught errors, and what Firefox says of the page (CSP violations among it).
    page.on('pageerror', (error) => this.#errors.push(`error: ${String(error)}`));
  }

  static async open(page: Page, close: () => Promise<void>): Promise<FirefoxPage> {
    const wrapped = new FirefoxPage(page, close);
    await page.setViewport(VIEWPORT);
    return wrapped;
  }

  async goto(url: string) {
    await this.#page.goto(url);
  }
  async url() {
    return new URL(this.#page.url());
  }
  async evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return (await this.#page.evaluate(fn as (arg: unknown) => unknown, arg)) as R;
  }
  async #element(role: string, name: string | RegExp, timeoutMs?: number) {
    const [source, flags] = pattern(name);
    return until(
      async () =>
        (
          await this.#page.evaluateHandle(findByRole, role, source, flags)
        ).asElement() as ElementHandle<Element> | null,
      `the ${role} “${String(name)}”`,
      () => this.#page.evaluate(bodyText),
      timeoutMs,
    );
  }
  async click(role: string, name: string | RegExp) {
    await (await this.#element(role, name)).click();
  }
  async fill(role: string, name: string | RegExp, text: string) {
    await (await this.#element(role, name)).type(text);
  }
  async waitFor(role: string, name: string | RegExp, timeoutMs?: number) {
    await this.#element(role, name, timeoutMs);
  }
  async waitForUrl(check: (url: URL) => boolean, timeoutMs?: number) {
    await until(
      async () => check(new URL(this.#page.url())) || null,
      'the address',
      async () => this.#page.url(),
      timeoutMs,
    );
  }
  async takeErrors() {
    return this.#errors.splice(0);
  }
  async close() {
    await this.#close();
  }
  /** The puppeteer page, for what only Firefox does here (tabs, notifications). */
  get page(): Page {
    return this.#page;
  }
}

export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS,
  });
  return {
    async newSession() {
      const context = await browser.createBrowserContext();
      return FirefoxPage.open(await context.newPage(), () => context.close());
    },
    close: () => browser.close(),
  };
}

/** A Firefox session's page as puppeteer has it. */
export function puppeteerPage(page: EnginePage): Page {
  if (!(page instanceof FirefoxPage)) throw new Error('not a Firefox page');
  return page.page;
}

// --- WebKitGTK ----------------------------------------------------------------------------

/** The W3C name of an element reference in WebDriver's JSON. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
type ElementRef = { [ELEMENT]: string };

/** A process started here, ended (and awaited) on close. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Xvfb on a display it picks itself (-displayfd): no guessing of a free number. */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) resolve(`:${said.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return { display, child };
}

/**
 * One WebDriver session: MiniBrowser with an ephemeral profile of its own, from a
 * WebKitWebDriver of its own (one allows a single active session).
 */
class WebKitPage implements EnginePage {
  readonly #base: string;
  readonly #driver: ChildProcess;

  constructor(base: string, driver: ChildProcess) {
    this.#base = base;
    this.#driver = driver;
  }

  static async open(display: string, home: string): Promise<WebKitPage> {
    const port = await freePort();
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      // English pages, and MiniBrowser's caches in a home of its own.
      env: { ...process.env, DISPLAY: display, LANG: 'en_US.UTF-8', LANGUAGE: 'en', HOME: home },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await until(
      () => fetch(`${base}/status`).then((response) => response.ok || null),
      'WebKitWebDriver',
      async () => '',
    );
    const response = await fetch(`${base}/session`, {
      method: 'POST',
      body: JSON.stringify({
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          },
        },
      }),
    });
    const { value } = (await response.json()) as {
      value: { sessionId?: string; message?: string };
    };
    if (!value.sessionId) {
      await stop(driver);
      throw new Error(`WebKitWebDriver: ${value.message}`);
    }
    const page = new WebKitPage(`${base}/session/${value.sessionId}`, driver);
    await page.#call('POST', '/window/rect', VIEWPORT);
    return page;
  }

  async #call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.#base}${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = (await response.json()) as {
      value: T & { error?: string; message?: string };
    };
    if (!response.ok)
      throw new Error(`WebDriver ${method} ${route}: ${value.error} ${value.message}`);
    return value;
  }

  async goto(url: string) {
    await this.#call('POST', '/url', { url });
    await this.evaluate(() => {
      const heard: string[] = [];
      Object.assign(window, { taxiViolations: heard });
      addEventListener('securitypolicyviolation', (event) =>
        heard.push(`CSP: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`),
      );
    }, null);
  }
  async url() {
    return new URL(await this.#call<string>('GET', '/url'));
  }
  async evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    const script = `const done = arguments[1];
      Promise.resolve().then(() => (${String(fn)})(arguments[0])).then(
        (value) => done({ value }),
        (error) => done({ error: String((error && error.stack) || error) }));`;
    const result = await this.#call<{ value: R; error?: string }>('POST', '/execute/async', {
      script,
      args: [arg],
    });
    if (result.error) throw new Error(`in the page: ${result.error}`);
    return result.value;
  }
  async #element(role: string, name: string | RegExp, timeoutMs?: number): Promise<string> {
    const [source, flags] = pattern(name);
    return until(
      async () => {
        const found = await this.#call<ElementRef | null>('POST', '/execute/sync', {
          script: `return (${String(findByRole)}).apply(null, arguments)`,
          args: [role, source, flags],
        });
        return found?.[ELEMENT] ?? null;
      },
      `the ${role} “${String(name)}”`,
      () => this.evaluate(bodyText, null),
      timeoutMs,
    );
  }
  async click(role: string, name: string | RegExp) {
    await this.#call('POST', `/element/${await this.#element(role, name)}/click`, {});
  }
  async fill(role: string, name: string | RegExp, text: string) {
    await this.#call('POST', `/element/${await this.#element(role, name)}/value`, { text });
  }
  async waitFor(role: string, name: string | RegExp, timeoutMs?: number) {
    await this.#element(role, name, timeoutMs);
  }
  async waitForUrl(check: (url: URL) => boolean, timeoutMs?: number) {
    await until(
      async () => check(await this.url()) || null,
      'the address',
      async () => String(await this.url()),
      timeoutMs,
    );
  }
  /**
   * WebDriver classic reads no console and runs no script before the page's own: violations
   * are heard from the load event on (goto), which covers the remotes, maps and calls a screen
   * loads after it; uncaught errors reach the server's error reports, which the journeys check.
   */
  async takeErrors() {
    return this.evaluate(() => {
      const heard = (window as { taxiViolations?: string[] }).taxiViolations ?? [];
      return heard.splice(0);
    }, null);
  }
  async close() {
    await this.#call('DELETE', '').catch(() => undefined);
    await stop(this.#driver);
  }
}

export async function launchWebKit(): Promise<Engine> {
  const xvfb = await startXvfb();
  const home = mkdtempSync(path.join(tmpdir(), 'taxi-webkit-'));
  return {
    newSession: () => WebKitPage.open(xvfb.display, home),
    async close() {
      await stop(xvfb.child);
      rmSync(home, { recursive: true, force: true });
    },
  };
}
