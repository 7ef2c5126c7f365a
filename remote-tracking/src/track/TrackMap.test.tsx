import { act, render } from '@testing-library/react';
import { MAP, type TrackedTaxi } from '@taxi/shared';
import { advanceFrames, fakeAnimationFrames } from '@taxi/shared/testing';
import type { MapPin, TaxiMapProps } from '@taxi/shared/map';
import { TrackMap, type TrackMapProps } from './TrackMap';

/** Every set of pins and every focus the map was handed, in order, the last focus and props. */
const handed: MapPin[][] = [];
const focuses: TaxiMapProps['focus'][] = [];
const focus: { current: TaxiMapProps['focus'] } = { current: null };
const map: { props: TaxiMapProps | null } = { props: null };
jest.mock('@taxi/shared/map', () => ({
  TaxiMap: (props: TaxiMapProps) => {
    handed.push(props.pins ?? []);
    focuses.push(props.focus);
    focus.current = props.focus;
    map.props = props;
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
  tilePictures: null,
  mapboxToken: '',
  dark: false,
});

beforeEach(() => {
  handed.length = 0;
  focuses.length = 0;
  focus.current = null;
  fakeAnimationFrames();
});
afterEach(() => jest.useRealTimers());

it("hands a taxi's new position to the map once, to glide to, instead of a position a frame", () => {
  const { rerender } = render(<TrackMap {...props(taxiAt(50.08, 19.94))} />);
  const before = handed.length;
  rerender(<TrackMap {...props(taxiAt(50.07, 19.94))} />);
  advanceFrames(MAP.fitAnimationMs + 100);
  // The map draws the glide itself: Track renders for the report, not for each frame of it.
  expect(handed.length - before).toBeLessThanOrEqual(2);
  const taxi = handed.at(-1)!.find((pin) => pin.kind === 'taxi')!;
  expect(taxi.position).toEqual({ lat: 50.07, lng: 19.94 });
  expect(taxi.glideMs).toBe(MAP.fitAnimationMs);
});

it('fits the ride at once, then waits for a burst of changes to end before fitting again', () => {
  jest.useFakeTimers();
  const { rerender } = render(<TrackMap {...props(taxiAt(50.08, 19.94))} />);
  // The map's very first view is the whole ride: its first pictures (elements the browser asks
  // for as soon as they exist) are not of the pickup alone; nor is the ride fitted twice.
  expect(focuses[0]?.points).toEqual([{ lat: 50.08, lng: 19.94 }]);
  const first = focus.current?.key;
  act(() => void jest.advanceTimersByTime(MAP.fitDebounceMs));
  expect(focus.current?.key).toBe(first);
  rerender(<TrackMap {...props(taxiAt(50.07, 19.94))} fitRequest={1} />);
  expect(focus.current?.key).toBe(first);
  act(() => void jest.advanceTimersByTime(MAP.fitDebounceMs));
  expect(focus.current?.key).not.toBe(first);
  expect(focus.current?.points).toEqual([{ lat: 50.07, lng: 19.94 }]);
});

it('fits the ride clear of the panel, and again when the panel grows, unless the map was moved', () => {
  jest.useFakeTimers();
  const { rerender } = render(<TrackMap {...props(taxiAt(50.08, 19.94))} coveredBottom={300} />);
  // Room for a whole pin under the buttons, and the panel's 300 px (taller than the spec's 216).
  expect(focus.current?.padding).toEqual({
    ...MAP.trackPadding,
    top: MAP.trackPadding.top + 40,
    bottom: 316,
  });
  rerender(<TrackMap {...props(taxiAt(50.08, 19.94))} coveredBottom={420} />);
  act(() => void jest.advanceTimersByTime(MAP.fitDebounceMs));
  expect(focus.current?.padding.bottom).toBe(436);
  const fitted = focus.current?.key;
  act(() => map.props!.onUserMoveEnd!({ lat: 50.1, lng: 19.9 }, 15));
  rerender(<TrackMap {...props(taxiAt(50.08, 19.94))} coveredBottom={300} />);
  act(() => void jest.advanceTimersByTime(MAP.fitDebounceMs));
  expect(focus.current?.key).toBe(fitted);
});
