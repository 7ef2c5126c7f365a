import { whenQuiet } from './whenQuiet';

/** The browser's idle periods, handed out by the test: each with the time it leaves. */
const waiting: IdleRequestCallback[] = [];

function idlePeriod(afterMs: number, remainingMs: number): void {
  jest.advanceTimersByTime(afterMs);
  waiting.shift()?.({ didTimeout: false, timeRemaining: () => remainingMs });
}

beforeEach(() => {
  jest.useFakeTimers();
  waiting.length = 0;
  window.requestIdleCallback = (callback) => waiting.push(callback);
});

afterEach(() => jest.useRealTimers());

describe('a quiet moment', () => {
  it('comes after a second of long idle periods, not at the first one', () => {
    const work = jest.fn();
    whenQuiet(work);
    for (let i = 0; i < 19; i++) idlePeriod(50, 50);
    expect(work).not.toHaveBeenCalled();
    idlePeriod(50, 50);
    idlePeriod(50, 50);
    expect(work).toHaveBeenCalledTimes(1);
    expect(waiting).toHaveLength(0);
  });

  it('does not count frames (short idle periods), and starts again after long tasks', () => {
    const work = jest.fn();
    whenQuiet(work);
    for (let i = 0; i < 10; i++) idlePeriod(50, 50);
    for (let i = 0; i < 5; i++) idlePeriod(16, 8);
    for (let i = 0; i < 9; i++) idlePeriod(50, 50);
    expect(work).not.toHaveBeenCalled();
    idlePeriod(600, 50);
    for (let i = 0; i < 19; i++) idlePeriod(50, 50);
    expect(work).not.toHaveBeenCalled();
    idlePeriod(50, 50);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
