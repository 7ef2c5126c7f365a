import { renderHook } from '@testing-library/react';
import { GLIDE_EASING, useGlide, type ScreenProjection } from './glide';
import type { LatLng } from './types';

const A = { lat: 50.08, lng: 19.94 };
const B = { lat: 50.07, lng: 19.95 };

/** A screen 1,000 px to a degree, north up. */
const map: ScreenProjection = { project: ([lng, lat]) => ({ x: lng * 1000, y: -lat * 1000 }) };

/**
 * A pin's element whose glides are recorded; a glide in progress is drawn `inFlight` px away
 * from its place (what the browser's computed style would say midway).
 */
function pin(durationMs: number | undefined, inFlight = { x: 0, y: 0 }) {
  const element = document.createElement('span');
  const glides: { keyframes: Keyframe[]; options: KeyframeAnimationOptions; cancel: jest.Mock }[] =
    [];
  element.animate = ((keyframes: Keyframe[], options: KeyframeAnimationOptions) => {
    const cancel = jest.fn(() => (element.style.transform = ''));
    glides.push({ keyframes, options, cancel });
    element.style.transform = `matrix(1, 0, 0, 1, ${inFlight.x}, ${inFlight.y})`;
    return { cancel } as unknown as Animation;
  }) as never;
  const hook = renderHook(
    ({ target }: { target: LatLng }) => useGlide({ current: element }, map, target, durationMs),
    { initialProps: { target: A } },
  );
  return { glides, hook };
}

afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

it('slides the pin from where it was drawn to its new place, eased, as one animation', () => {
  const { glides, hook } = pin(1000);
  expect(glides).toEqual([]);
  hook.rerender({ target: B });
  expect(glides).toHaveLength(1);
  // A is 10 px west and 10 px north of B on this screen.
  expect(glides[0]!.keyframes).toEqual([
    { transform: 'translate(-10px, -10px)' },
    { transform: 'translate(0, 0)' },
  ]);
  expect(glides[0]!.options).toEqual({ duration: 1000, easing: GLIDE_EASING });
  // A render for another reason starts nothing.
  hook.rerender({ target: { ...B } });
  expect(glides).toHaveLength(1);
});

it('a new place during a glide starts from where the pin is drawn', () => {
  const { glides, hook } = pin(1000, { x: -4, y: -4 });
  hook.rerender({ target: B });
  hook.rerender({ target: A });
  expect(glides[0]!.cancel).toHaveBeenCalled();
  // Drawn 4 px short of B towards A; A is 10 px from B.
  expect(glides[1]!.keyframes[0]).toEqual({ transform: 'translate(6px, 6px)' });
});

it('starts from the whole pixel the marker was drawn at, as the map library rounds it', () => {
  const { glides, hook } = pin(1000);
  // 0.4 px off the grid at A, 0.3 px at B: the marker stood at 19,940 and goes to 19,951.
  hook.rerender({ target: { lat: 50.08, lng: 19.9404 } });
  hook.rerender({ target: { lat: 50.08, lng: 19.9513 } });
  expect(glides[1]!.keyframes[0]).toEqual({ transform: 'translate(-11px, 0px)' });
});

it('jumps without a duration or when the passenger asks for less motion', () => {
  const still = pin(undefined);
  still.hook.rerender({ target: B });
  expect(still.glides).toEqual([]);

  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') })) as never;
  const calm = pin(1000);
  calm.hook.rerender({ target: B });
  expect(calm.glides).toEqual([]);
});
