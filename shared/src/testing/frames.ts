// Animation frames for component tests: jsdom draws none, so here a frame comes every 16 ms of
// Jest's fake clock, as a phone's screen would draw them.
import { act } from '@testing-library/react';

const FRAME_MS = 16;

/** requestAnimationFrame on Jest's fake timers, which this starts. */
export function fakeAnimationFrames(): void {
  window.requestAnimationFrame = (draw) =>
    window.setTimeout(() => draw(performance.now()), FRAME_MS);
  window.cancelAnimationFrame = (frame) => window.clearTimeout(frame);
  jest.useFakeTimers();
}

/** Lets `ms` of frames pass one at a time: a single act would batch their updates into one. */
export function advanceFrames(ms: number): void {
  for (let passed = 0; passed < ms; passed += FRAME_MS)
    act(() => jest.advanceTimersByTime(FRAME_MS));
}
