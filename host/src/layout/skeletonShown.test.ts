import { skeletonShown } from './skeletonShown';

type Listener = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A PerformanceObserver whose paint entries the test delivers. */
class FakeObserver {
  static last: FakeObserver | undefined;
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  disconnected = false;
  constructor(private readonly listener: Listener) {
    FakeObserver.last = this;
  }
  observe(): void {}
  disconnect(): void {
    this.disconnected = true;
  }
  deliver(...names: string[]): void {
    this.listener({ getEntriesByName: (name) => names.filter((each) => each === name) });
  }
}

function visibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

let settled: boolean;
const track = (promise: Promise<void>) => {
  settled = false;
  void promise.then(() => (settled = true));
};
const flush = () => Promise.resolve().then(() => undefined);

beforeEach(() => {
  jest.useFakeTimers();
  visibility('visible');
  FakeObserver.last = undefined;
  FakeObserver.supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = FakeObserver;
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
});

describe('the skeleton shown before the first render', () => {
  it('waits for the first contentful paint, not a paint without content', async () => {
    track(skeletonShown(1000));
    FakeObserver.last!.deliver('first-paint');
    await flush();
    expect(settled).toBe(false);
    FakeObserver.last!.deliver('first-contentful-paint');
    await flush();
    expect(settled).toBe(true);
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it('waits a while at most', async () => {
    track(skeletonShown(1000));
    jest.advanceTimersByTime(999);
    await flush();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await flush();
    expect(settled).toBe(true);
  });

  it('does not wait on a hidden page, which paints nothing', async () => {
    visibility('hidden');
    track(skeletonShown(1000));
    await flush();
    expect(settled).toBe(true);
    expect(FakeObserver.last).toBeUndefined();
  });

  it('does not wait in a browser without paint timing', async () => {
    FakeObserver.supportedEntryTypes = ['largest-contentful-paint'];
    track(skeletonShown(1000));
    await flush();
    expect(settled).toBe(true);
    expect(FakeObserver.last).toBeUndefined();
  });

  it('stops waiting when the page is hidden meanwhile (another tab), which then paints nothing', async () => {
    track(skeletonShown(1000));
    visibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(settled).toBe(true);
    expect(FakeObserver.last!.disconnected).toBe(true);
  });
});
