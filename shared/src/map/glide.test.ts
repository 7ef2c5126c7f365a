import { renderHook } from '@testing-library/react';
import { advanceFrames, fakeAnimationFrames } from '../testing/frames';
import { useGlidingPosition, type MovableMarker } from './glide';
import type { LatLng } from './types';

const A = { lat: 50.08, lng: 19.94 };
const B = { lat: 50.07, lng: 19.94 };

/** A marker that records where it was moved, and the renders of the pin that owns it. */
function pin(durationMs: number | undefined) {
  const moves: [number, number][] = [];
  const marker = { current: { setLngLat: (at: [number, number]) => moves.push(at) } } as {
    current: MovableMarker;
  };
  let renders = 0;
  const hook = renderHook(
    ({ target }: { target: LatLng }) => {
      renders += 1;
      return useGlidingPosition(marker, target, durationMs);
    },
    { initialProps: { target: A } },
  );
  return { moves, hook, renders: () => renders };
}

beforeEach(fakeAnimationFrames);
afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(window, 'matchMedia');
});

it('moves the marker to a new position frame by frame, eased, without rendering the pin again', () => {
  const { moves, hook, renders } = pin(1000);
  expect(moves).toEqual([]);
  hook.rerender({ target: B });
  const rendered = renders();
  // Rendered where it is drawn until the glide moves it.
  expect(hook.result.current).toEqual(A);
  advanceFrames(1100);
  expect(renders()).toBe(rendered);
  expect(moves.length).toBeGreaterThan(30);
  const lats = moves.map(([, lat]) => lat);
  expect(lats.every((lat, i) => i === 0 || lat <= lats[i - 1]!)).toBe(true);
  expect(moves.at(-1)).toEqual([B.lng, B.lat]);
  // Eased: half the way is covered well before half the time.
  expect(lats[Math.floor(lats.length / 4)]!).toBeLessThan((A.lat + B.lat) / 2);
});

it('a new position during a glide starts from where the marker is drawn', () => {
  const { moves, hook } = pin(1000);
  hook.rerender({ target: B });
  advanceFrames(300);
  const halfway = moves.at(-1)!;
  hook.rerender({ target: A });
  expect(hook.result.current).toEqual({ lat: halfway[1], lng: halfway[0] });
  advanceFrames(50);
  expect(moves.at(-1)![1]).toBeGreaterThan(halfway[1]);
  expect(moves.at(-1)![1]).toBeLessThan(A.lat);
});

it('jumps without a duration or when the passenger asks for less motion', () => {
  const still = pin(undefined);
  still.hook.rerender({ target: B });
  expect(still.hook.result.current).toEqual(B);
  expect(still.moves).toEqual([[B.lng, B.lat]]);

  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') })) as never;
  const calm = pin(1000);
  calm.hook.rerender({ target: B });
  expect(calm.moves).toEqual([[B.lng, B.lat]]);
});
