// A Chromium driven over the DevTools protocol by a client that never enables the Runtime
// domain, for benchmarks that time a page's start. Playwright enables it on every page, and V8
// then records a detailed stack trace, with source positions, for every Error the page creates
// (webpack's chunk loader makes one per chunk): up to 0.2 s of a cold start on 4G with CPU ×4
// that a passenger's browser never does. Runtime.evaluate works without the domain enabled.
import { QUIET_FLAGS, startChromium, type RunningChromium } from './chromium.ts';

type Params = Record<string, unknown>;
interface Message {
  id?: number;
  method?: string;
  params?: Params;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}
type Listener = (params: Params) => void;

export class Chromium {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<Listener>>();

  private readonly running: RunningChromium;
  private readonly socket: WebSocket;

  private constructor(running: RunningChromium, socket: WebSocket) {
    this.running = running;
    this.socket = socket;
    socket.addEventListener('message', (event) => this.receive(JSON.parse(String(event.data))));
  }

  /** Debian's Chromium (bench/chromium.ts) with the quiet flags and `extra`, in English. */
  static async launch(extra: string[] = []): Promise<Chromium> {
    const running = await startChromium([...QUIET_FLAGS, ...extra, '--lang=en-US']);
    const socket = new WebSocket(running.webSocketUrl);
    try {
      await new Promise((resolve, reject) => {
        socket.addEventListener('open', resolve, { once: true });
        socket.addEventListener('error', () =>
          reject(new Error(`no DevTools connection at ${running.webSocketUrl}`)),
        );
      });
    } catch (error) {
      await running.stop();
      throw error;
    }
    return new Chromium(running, socket);
  }

  send<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    const id = (this.nextId += 1);
    this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
  }

  /** Calls `listener` for each `method` event of the session; returns the way to stop. */
  on(sessionId: string, method: string, listener: Listener): () => void {
    const key = `${sessionId} ${method}`;
    const set = this.listeners.get(key) ?? new Set();
    this.listeners.set(key, set.add(listener));
    return () => void set.delete(listener);
  }

  private receive(message: Message): void {
    const call = message.id === undefined ? undefined : this.pending.get(message.id);
    if (call) {
      this.pending.delete(message.id!);
      if (message.error) call.reject(new Error(message.error.message));
      else call.resolve(message.result);
      return;
    }
    for (const listener of this.listeners.get(`${message.sessionId} ${message.method}`) ?? [])
      listener(message.params ?? {});
  }

  /** A new browser context: its own cookies, storage, caches and service workers. */
  async newContext(): Promise<BrowserContext> {
    const { browserContextId } = await this.send<{ browserContextId: string }>(
      'Target.createBrowserContext',
    );
    return new BrowserContext(this, browserContextId);
  }

  async close(): Promise<void> {
    this.socket.close();
    await this.running.stop();
  }
}

export class BrowserContext {
  /** Scripts every page of the context runs before its own, in order. */
  private readonly initScripts: string[] = [];

  readonly browser: Chromium;
  readonly id: string;

  constructor(browser: Chromium, id: string) {
    this.browser = browser;
    this.id = id;
  }

  /** `fn` runs in each page opened after this call, before the page's scripts, with `arg`. */
  addInitScript<A>(fn: (arg: A) => void, arg?: A): void {
    this.initScripts.push(`(${fn.toString()})(${JSON.stringify(arg ?? null)});`);
  }

  /** A tab at about:blank, 360 × 740 CSS pixels. */
  async newPage(): Promise<BenchPage> {
    const { targetId } = await this.browser.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId: this.id,
    });
    const { sessionId } = await this.browser.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const page = new BenchPage(this.browser, targetId, sessionId);
    await page.send('Page.enable');
    await page.send('Network.enable');
    await page.send('Emulation.setDeviceMetricsOverride', {
      width: 360,
      height: 740,
      deviceScaleFactor: 1,
      mobile: false,
    });
    for (const source of this.initScripts)
      await page.send('Page.addScriptToEvaluateOnNewDocument', { source });
    return page;
  }

  async close(): Promise<void> {
    await this.browser.send('Target.disposeBrowserContext', { browserContextId: this.id });
  }
}

export class BenchPage {
  private readonly browser: Chromium;
  private readonly targetId: string;
  private readonly sessionId: string;

  constructor(browser: Chromium, targetId: string, sessionId: string) {
    this.browser = browser;
    this.targetId = targetId;
    this.sessionId = sessionId;
  }

  send<T = Params>(method: string, params: Params = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  on(method: string, listener: Listener): () => void {
    return this.browser.on(this.sessionId, method, listener);
  }

  /** Opens `url` and resolves once its document has been parsed (DOMContentLoaded). */
  async goto(url: string): Promise<void> {
    await this.untilParsed(() => this.send('Page.navigate', { url }));
  }

  async reload(): Promise<void> {
    await this.untilParsed(() => this.send('Page.reload'));
  }

  private async untilParsed(start: () => Promise<unknown>): Promise<void> {
    let stop = () => {};
    const parsed = new Promise((resolve) => {
      stop = this.on('Page.domContentEventFired', resolve);
    });
    await start();
    await parsed;
    stop();
  }

  /** The value of `expression` in the page, awaited when it is a promise. */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = await this.send<{
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails)
      throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value as T;
  }

  async close(): Promise<void> {
    await this.browser.send('Target.closeTarget', { targetId: this.targetId });
  }
}
