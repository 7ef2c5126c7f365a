import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { initI18n } from '../../i18n/i18n';
import { TaxiMap } from '../index';
import type { InteractiveMapProps } from '../TaxiMapView';

initI18n('en');

// The interactive library stands in (no WebGL here): it names itself and says when it is drawn.
const drawn: Array<() => void> = [];
jest.mock('../maplibre', () => ({
  __esModule: true,
  default: function Interactive(props: InteractiveMapProps) {
    useEffect(() => void drawn.push(() => props.onDrawn?.()), [props]);
    return (
      <div
        role="region"
        aria-label={`${props.label} (maplibre)`}
        data-concealed={String(!!props.concealed)}
        data-center={`${props.initialView.center.lat.toFixed(4)},${props.initialView.center.lng.toFixed(4)}`}
      />
    );
  },
}));

const monaco = { lat: 43.7384, lng: 7.4246 };
const template = 'https://tiles.example/{z}/{x}/{y}.png';

beforeAll(() => {
  // jsdom has no PointerEvent: a mouse event with the pointer's id and primacy stands in.
  class PointerEventInJsdom extends MouseEvent {
    readonly pointerId: number;
    readonly isPrimary: boolean;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.isPrimary = init.isPrimary ?? true;
    }
  }
  window.PointerEvent ??= PointerEventInJsdom as unknown as typeof PointerEvent;
  jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue({ width: 400, height: 800, top: 0, left: 0 } as DOMRect);
});

/**
 * A map given the settings' pictures (in the tests of missing ones, those of another drawing,
 * kept by the service worker from before a new one); each such test its own look, as the style
 * of each look is asked once per page.
 */
function picturesMap(dark: boolean) {
  return (
    <TaxiMap
      label="Map"
      tileUrl="/tiles/style.json"
      tilePictures={{
        template: '/tiles/abc-2-r2/{look}/{z}/{x}/{y}{r}.webp',
        bounds: [7.4, 43.72, 7.44, 43.76],
      }}
      dark={dark}
      initialView={{ center: monaco, zoom: 15 }}
    />
  );
}

// First: once a test has started the interactive library, later maps start it at once.
it('shows the pictures the settings name at once, without asking the style for them', async () => {
  const fetched = jest.fn(() => Promise.reject(new Error('no network in this test')));
  const realFetch = global.fetch;
  global.fetch = fetched as unknown as typeof fetch;
  try {
    render(picturesMap(true));
    const lite = await screen.findByRole('region', { name: 'Map' });
    const tiles = lite.querySelectorAll('img');
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    expect(tiles[0]!.getAttribute('src')).toMatch(
      /^\/tiles\/abc-2-r2\/dark-en\/16\/\d+\/\d+\.webp$/,
    );
    expect(fetched).not.toHaveBeenCalled();
  } finally {
    global.fetch = realFetch;
  }
});

/** Answers the style's fetch with a style that names `pictures` as its raster drawing. */
function styleNaming(pictures: string) {
  const style = { version: 8, sources: {}, layers: [], metadata: { 'taxi:raster': pictures } };
  return jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve(style) }));
}

it('asks the style when a picture the settings name is missing, and shows the pictures it names', async () => {
  const fetched = styleNaming('/tiles/def-3-r2/dark-en/{z}/{x}/{y}{r}.webp');
  const realFetch = global.fetch;
  global.fetch = fetched as unknown as typeof fetch;
  try {
    const { unmount } = render(picturesMap(true));
    const lite = await screen.findByRole('region', { name: 'Map' });
    fireEvent.error(lite.querySelector('img')!);
    await waitFor(() =>
      expect(lite.querySelector('img')!.getAttribute('src')).toMatch(
        /^\/tiles\/def-3-r2\/dark-en\/16\/\d+\/\d+\.webp$/,
      ),
    );
    // The picture that went missing is shown again once it loads from its new address.
    fireEvent.load(lite.querySelector('img')!);
    expect(lite.querySelector('img')!.style.visibility).toBe('');
    expect(fetched).toHaveBeenCalledTimes(1);
    unmount();
  } finally {
    global.fetch = realFetch;
  }
});

it("keeps the settings' pictures when the style names the same ones (a picture missing for another reason)", async () => {
  const fetched = styleNaming('/tiles/abc-2-r2/light-en/{z}/{x}/{y}{r}.webp');
  const realFetch = global.fetch;
  global.fetch = fetched as unknown as typeof fetch;
  try {
    render(picturesMap(false));
    const lite = await screen.findByRole('region', { name: 'Map' });
    fireEvent.error(lite.querySelector('img')!);
    await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    const tiles = Array.from(lite.querySelectorAll('img'));
    fireEvent.error(tiles[1]!);
    expect(tiles[0]!.style.visibility).toBe('hidden');
    expect(tiles[1]!.getAttribute('src')).toMatch(/^\/tiles\/abc-2-r2\/light-en\/16\//);
    expect(fetched).toHaveBeenCalledTimes(1);
  } finally {
    global.fetch = realFetch;
  }
});

it('shows pictures until the passenger reaches for the map, then the interactive map once drawn', async () => {
  const moved = jest.fn();
  render(
    <TaxiMap
      label="Map"
      tileUrl={template}
      initialView={{ center: monaco, zoom: 15 }}
      pins={[{ id: 'taxi', kind: 'taxi', position: monaco, label: 'Taxi 7' }]}
      onUserMoveEnd={moved}
    />,
  );
  const lite = await screen.findByRole('region', { name: 'Map' });
  const tiles = lite.querySelectorAll('img');
  expect(tiles.length).toBeGreaterThanOrEqual(4);
  expect(tiles[0]!.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\/16\/\d+\/\d+\.png$/);
  expect(screen.getByRole('img', { name: 'Taxi 7' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Map (maplibre)' })).not.toBeInTheDocument();

  // A drag east moves the pictures; the interactive map starts beneath them meanwhile.
  fireEvent.pointerDown(lite, { pointerId: 1, isPrimary: true, clientX: 200, clientY: 400 });
  fireEvent.pointerMove(lite, { pointerId: 1, isPrimary: true, clientX: 300, clientY: 400 });
  const interactive = await screen.findByRole('region', { name: 'Map (maplibre)' });
  expect(interactive).toHaveAttribute('data-concealed', 'true');
  act(() => drawn.forEach((done) => done()));
  // Drawn, but the drag is not over: the pictures stay.
  expect(screen.getByRole('region', { name: 'Map' })).toBeInTheDocument();
  fireEvent.pointerUp(lite, { pointerId: 1, isPrimary: true, clientX: 300, clientY: 400 });

  expect(moved).toHaveBeenCalledTimes(1);
  const [center] = moved.mock.calls[0] as [{ lat: number; lng: number }];
  expect(center.lng).toBeLessThan(monaco.lng);
  expect(center.lat).toBeCloseTo(monaco.lat, 6);
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Map' })).not.toBeInTheDocument(),
  );
  expect(screen.getByRole('region', { name: 'Map (maplibre)' })).toHaveAttribute(
    'data-concealed',
    'false',
  );
});
