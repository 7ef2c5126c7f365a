import { act, render } from '@testing-library/react';
import { MAP, type TrackedTaxi } from '@taxi/shared';
import type { MapPin, TaxiMapProps } from '@taxi/shared/map';
import { TrackMap, type TrackMapProps } from './TrackMap';

/** Every set of pins the map was handed, in order. */
const handed: MapPin[][] = [];
jest.mock('@taxi/shared/map', () => ({
  TaxiMap: (props: TaxiMapProps) => {
    handed.push(props.pins ?? []);
    return null;
  },
}));

const taxiAt = (lat: number, lng: number): TrackedTaxi => ({
  call_number: '12',
  id: 12,
  lat,
  lng,
  state: 'K',
  acc: null,
  address: '',
  client: false,
  connected: true,
  state_zone: null,
  state_nav_point: null,
  state_eta: null,
  alarm: false,
});

const props = (taxi: TrackedTaxi): TrackMapProps => ({
  order: null,
  taxis: [taxi],
  stale: new Set(),
  showClient: false,
  me: null,
  meRequest: 0,
  fitRequest: 0,
  tileUrl: '',
  mapboxToken: '',
  dark: false,
});

beforeEach(() => {
  handed.length = 0;
  // jsdom draws no frames: a frame every 16 ms of the fake clock, as a phone's screen would.
  window.requestAnimationFrame = (draw) => window.setTimeout(() => draw(performance.now()), 16);
  window.cancelAnimationFrame = (frame) => window.clearTimeout(frame);
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

it("hands a taxi's new position to the map once, to glide to, instead of a position a frame", () => {
  const { rerender } = render(<TrackMap {...props(taxiAt(50.08, 19.94))} />);
  const before = handed.length;
  rerender(<TrackMap {...props(taxiAt(50.07, 19.94))} />);
  // Frame by frame, as the screen draws them (one act would batch the frames' updates into one).
  for (let ms = 0; ms < MAP.fitAnimationMs + 100; ms += 16) act(() => jest.advanceTimersByTime(16));
  // The map draws the glide itself: Track renders for the report, not for each frame of it.
  expect(handed.length - before).toBeLessThanOrEqual(2);
  const taxi = handed.at(-1)!.find((pin) => pin.kind === 'taxi')!;
  expect(taxi.position).toEqual({ lat: 50.07, lng: 19.94 });
  expect(taxi.glideMs).toBe(MAP.fitAnimationMs);
});
