// Stands in for @taxi/shared/map in component tests: the pins as a list a test can read
// (name, colour and whether it is faded), the focus it was last asked for, and no map library.
import type { MapFocus, TaxiMapProps } from '@taxi/shared/map';

export const lastFocus: { current: MapFocus | null } = { current: null };

export function FakeTaxiMap(props: TaxiMapProps) {
  lastFocus.current = props.focus ?? null;
  return (
    <ul aria-label={props.label}>
      {(props.pins ?? []).map((pin) => (
        <li
          key={pin.id}
          data-kind={pin.kind}
          data-color={pin.color ?? ''}
          data-stale={pin.stale ? 'true' : undefined}
        >
          {pin.label}
        </li>
      ))}
      {props.route ? (
        <li
          data-kind="route"
          data-color={props.routeColor ?? ''}
          data-line={props.routeDashed ? 'dashed' : 'solid'}
        >
          {`Route of ${props.route.length} points`}
        </li>
      ) : null}
    </ul>
  );
}

/** The module a test mocks @taxi/shared/map with: `jest.mock(…, () => …fakeMapModule)`. */
export const fakeMapModule = { TaxiMap: FakeTaxiMap, preloadMap: () => Promise.resolve({}) };
