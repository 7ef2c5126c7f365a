import { act } from '@testing-library/react';
import { MAP } from '@taxi/shared';
import { renderScreen } from '@taxi/shared/testing';
import type { TaxiMapProps } from '@taxi/shared/map';
import { AIRPORT, FLORIANSKA, point, resetOrdering, setDraft } from '../testing/order';
import { HomeMap } from './HomeMap';

/** The focus the map was last handed. */
const focus: { current: TaxiMapProps['focus'] } = { current: null };
jest.mock('@taxi/shared/map', () => ({
  TaxiMap: (props: TaxiMapProps) => {
    focus.current = props.focus;
    return null;
  },
}));

const points = () => focus.current?.points.map(({ lat, lng }) => [lat, lng]);

beforeEach(() => {
  resetOrdering();
  focus.current = null;
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

it('fits the first view at once, and a change once it has held for 300 ms (spec section 9)', () => {
  setDraft({ poi: FLORIANSKA });
  renderScreen(
    <HomeMap quote={null} sheetInset={0} onPickupMoved={() => {}} onDestinationMoved={() => {}} />,
    { token: 't', settings: { show_dst: true } },
  );
  expect(points()).toEqual([[FLORIANSKA.lat, FLORIANSKA.lng]]);
  // A burst of changes (the destination, then the pickup moved by hand) is fitted once, at its end.
  const moved = point({ ...FLORIANSKA, lat: 50.07 });
  setDraft({ poi: FLORIANSKA, dst: AIRPORT });
  act(() => void jest.advanceTimersByTime(MAP.fitDebounceMs - 100));
  setDraft({ poi: moved, dst: AIRPORT });
  act(() => void jest.advanceTimersByTime(MAP.fitDebounceMs - 1));
  expect(points()).toEqual([[FLORIANSKA.lat, FLORIANSKA.lng]]);
  act(() => void jest.advanceTimersByTime(1));
  expect(points()).toEqual([
    [moved.lat, moved.lng],
    [AIRPORT.lat, AIRPORT.lng],
  ]);
});
