import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Answer,
  type Answers,
  deferred,
  fail,
  fakeApi,
  offline,
  renderScreen,
} from '@taxi/shared/testing';
import {
  activeOrdersAtom,
  sessionStore,
  settingsAtom,
  type OpenableOrder,
  type Settings,
} from '@taxi/shared';
import { cachePlaces } from '../places/cache';
import { forgetPlaces } from '../places/usePlaces';
import { AIRPORT, draft, FLORIANSKA, point, resetOrdering, setDraft } from '../testing/order';
import Home from './Home';

// The map library needs WebGL; Home must work without it anyway.
jest.mock('@taxi/shared/map', () => ({ TaxiMap: () => null }));

const ACTIVE: OpenableOrder[] = [
  {
    order_type: 'T',
    state: 'U',
    date_time: '2030-01-02 08:15:00',
    created: '2029-12-30 10:00:00',
    track: { order_short_id: 'LATER', secret: 's2' },
  },
  {
    order_type: 'Z',
    state: 'T',
    date_time: null,
    created: '2029-12-31 09:00:00',
    track: { order_short_id: 'NEAR', secret: 's1' },
  },
];

const NEW_ORDER: OpenableOrder = {
  order_type: 'Z',
  state: 'U',
  date_time: null,
  created: '2030-01-01 07:00:00',
  track: { order_short_id: 'FRESH', secret: 's3' },
};

async function renderHome(
  handlers: Answers = {},
  settings: Partial<Settings> = {},
  state?: object,
) {
  const api = fakeApi({
    GET_CURRENT_ORDERS: { data_list: [] },
    GET_CLIENT_ORDER_HISTORY: { history: [] },
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderScreen(<Home />, {
    token: 't',
    settings: { show_dst: true, ...settings },
    routes: [
      { path: '/summary/', element: <p>Summary page</p> },
      { path: '/order-expanded/', element: <p>Options page</p> },
      { path: '/orders/', element: <p>Orders page</p> },
      { path: '/t/:o/:p', element: <p>Track page</p> },
    ],
  });
  if (state) act(() => view.history.push('/', state));
  // The active orders asked for on load arrive before the test goes on.
  await act(async () => undefined);
  return { api, user, ...view };
}

const QUOTE = { dst_price: 42.5, eta_min: 7, dst_map_points: [], accept_missing_taxi_eta_gt: 1000 };

beforeEach(() => {
  resetOrdering();
  forgetPlaces();
});
afterEach(() => jest.restoreAllMocks());

describe('Home order form', () => {
  it('works without the map: Order is disabled until the pickup is valid', async () => {
    await renderHome();
    const order = screen.getByRole('button', { name: 'Order' });
    expect(order).toBeDisabled();
    expect(
      screen.getByRole('button', { name: /^Pickup Where should the taxi come\?/ }),
    ).toBeInTheDocument();
    act(() => setDraft({ poi: FLORIANSKA }));
    expect(order).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pickup Floriańska 1, Kraków' })).toBeInTheDocument();
  });

  it('names each address button by its visible text, label first (WCAG 2.5.3)', async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    await renderHome();
    const pickup = screen.getByRole('button', { name: /^Pickup / });
    const destination = screen.getByRole('button', { name: /^Destination / });
    expect(pickup).toHaveAccessibleName('Pickup Floriańska 1, Kraków');
    expect(pickup).toHaveTextContent('Pickup Floriańska 1, Kraków');
    expect(destination).toHaveAccessibleName(destination.textContent ?? '');
    expect(destination).toHaveTextContent(/^Destination \S/);
  });

  it('goes to the summary with Order and to the options with More', async () => {
    setDraft({ poi: FLORIANSKA });
    const { user, unmount } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Summary page')).toBeInTheDocument();
    unmount();
    await renderHome();
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText('Options page')).toBeInTheDocument();
  });

  it('shows the destination card only when show_dst is on', async () => {
    const { unmount } = await renderHome({}, { show_dst: false });
    expect(screen.queryByRole('button', { name: /^Destination/ })).not.toBeInTheDocument();
    unmount();
    await renderHome();
    expect(screen.getByRole('button', { name: /^Destination/ })).toBeInTheDocument();
  });

  it('shows the order options only when features, password or timed ordering are on', async () => {
    const off = { show_features: false, show_password: false, show_timely: false };
    const { unmount } = await renderHome({}, off);
    expect(screen.queryByRole('list', { name: 'Order options' })).not.toBeInTheDocument();
    unmount();
    await renderHome({}, { ...off, show_timely: true });
    expect(
      within(screen.getByRole('list', { name: 'Order options' })).getByRole('link', {
        name: 'Now',
      }),
    ).toBeInTheDocument();
  });
});

describe('price and ETA (ORDER_SIM, spec section 8)', () => {
  it('asks for no price without a destination', async () => {
    setDraft({ poi: FLORIANSKA });
    const { api } = await renderHome({ ORDER_SIM: QUOTE });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(api.of('ORDER_SIM')).toHaveLength(0);
  });

  it('quotes no destination kept from before when show_dst is off', async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    const { api } = await renderHome({ ORDER_SIM: QUOTE }, { show_dst: false });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(api.of('ORDER_SIM')).toHaveLength(0);
    expect(screen.queryByText('42,50 zł')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Destination/ })).not.toBeInTheDocument();
  });

  it('shows the price with a comma decimal and the ETA', async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    const { api } = await renderHome({ ORDER_SIM: QUOTE }, { taxi_group_id: 3 });
    expect(await screen.findByText('42,50 zł')).toBeInTheDocument();
    expect(screen.getByText('7 min')).toBeInTheDocument();
    expect(api.of('ORDER_SIM')[0]!.payload).toMatchObject({
      taxi_group_id: 3,
      order: { poi: FLORIANSKA, dst: AIRPORT },
    });
  });

  it('shows an ETA above the limit as greater than the limit', async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    await renderHome({ ORDER_SIM: { ...QUOTE, eta_min: 1500 } });
    expect(await screen.findByText('> 1000 min')).toBeInTheDocument();
  });

  it('refreshes the price when an option changes', async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    const { api } = await renderHome({ ORDER_SIM: QUOTE }, { show_features: true });
    await screen.findByText('42,50 zł');
    act(() => setDraft({ poi: FLORIANSKA, dst: AIRPORT, taxi_count: 2 }));
    await waitFor(() => expect(api.of('ORDER_SIM')).toHaveLength(2));
    expect(api.of('ORDER_SIM')[1]!.payload).toMatchObject({ order: { taxi_count: 2 } });
  });

  it("says 'Error calculating price.' for an error", async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    await renderHome({ ORDER_SIM: fail('EXCEPTION') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error calculating price.');
  });

  it('shows the time error for WRONG_DATE_TIME and makes a timed order one for now', async () => {
    setDraft({
      poi: FLORIANSKA,
      dst: AIRPORT,
      order_type: 'T',
      date_time: '2030-01-01 10:00:00',
      advance: 5400,
    });
    await renderHome({ ORDER_SIM: fail('WRONG_DATE_TIME') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong date of scheduled order');
    await waitFor(() => expect(draft()).toMatchObject({ order_type: 'Z', date_time: null }));
  });

  it('keeps the time of a timed order whose quote has no price, and says none can be estimated', async () => {
    // A destination typed by hand (the search's "Use …") has no coordinates: the server
    // answers, without a price.
    const typed = point({ street: 'Lotnicza 1', city: 'Kraków' });
    setDraft({
      poi: FLORIANSKA,
      dst: typed,
      order_type: 'T',
      date_time: '2030-01-01 10:00:00',
      advance: 5400,
    });
    const { api } = await renderHome({ ORDER_SIM: { ...QUOTE, dst_price: null } });
    await waitFor(() => expect(api.of('ORDER_SIM')).toHaveLength(1));
    const price = await screen.findByText('Price');
    expect(price.nextElementSibling).toHaveTextContent('Cannot be estimated');
    expect(draft()).toMatchObject({ order_type: 'T', date_time: '2030-01-01 10:00:00' });
    expect(
      screen.queryByText('The scheduled time could not be kept; the order is for now.'),
    ).not.toBeInTheDocument();
  });

  it('clears the time and reverts to Z when a timed refresh gets no answer', async () => {
    setDraft({
      poi: FLORIANSKA,
      dst: AIRPORT,
      order_type: 'T',
      date_time: '2030-01-01 10:00:00',
      advance: 5400,
    });
    await renderHome({ ORDER_SIM: offline });
    await waitFor(() => expect(draft()).toMatchObject({ order_type: 'Z', date_time: null }));
    expect(
      screen.getByText('The scheduled time could not be kept; the order is for now.'),
    ).toBeInTheDocument();
  });

  it('shows the apology page, not a price error, when ORDER_SIM is refused for maintenance', async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    const { api } = await renderHome({
      ORDER_SIM: fail('ACTION_NOT_ALLOWED'),
      'GET /settings.json': { corp: 'Test Taxi', maintenance: true },
    });
    await waitFor(() => expect(sessionStore.get(settingsAtom)?.maintenance).toBe(true));
    expect(api.of('GET /settings.json')).toHaveLength(1);
    expect(screen.queryByText('Error calculating price.')).not.toBeInTheDocument();
  });

  it('for IN_PROGRESS clears the order, says so, and opens the active orders', async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    const { user } = await renderHome({
      ORDER_SIM: fail('IN_PROGRESS'),
      GET_CURRENT_ORDERS: { data_list: ACTIVE },
    });
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('An error occurred. Another order is in progress.');
    expect(draft().poi).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(
      await screen.findByRole('dialog', { name: 'You have an active order' }),
    ).toBeInTheDocument();
  });
});

describe('active orders on load', () => {
  it('opens the dialog with the nearest order, see all (n) and order another', async () => {
    const { user } = await renderHome({ GET_CURRENT_ORDERS: { data_list: ACTIVE } });
    const dialog = await screen.findByRole('dialog', { name: 'You have an active order' });
    expect(sessionStore.get(activeOrdersAtom)).toHaveLength(2);
    const nearest = within(dialog).getByRole('link', { name: /^Taxi now In progress/ });
    expect(nearest).toHaveAttribute('href', '/t/NEAR/s1');
    // Named by its visible text first (WCAG 2.5.3), then what it does.
    expect(nearest).toHaveAccessibleName(
      `Taxi now In progress ${nearest.querySelector('.or-track-card__time')!.textContent} Track this order`,
    );
    expect(within(dialog).getByRole('link', { name: 'See all (2)' })).toHaveAttribute(
      'href',
      '/orders/',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Order another' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens again, once dismissed, only when an order appears that was not there', async () => {
    const { user, unmount } = await renderHome({ GET_CURRENT_ORDERS: { data_list: ACTIVE } });
    const dialog = await screen.findByRole('dialog', { name: 'You have an active order' });
    await user.click(within(dialog).getByRole('button', { name: 'Order another' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // An order ending changes nothing to nag about.
    act(() => sessionStore.set(activeOrdersAtom, [ACTIVE[0]!]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    // Home again with the same orders: still dismissed.
    await renderHome({ GET_CURRENT_ORDERS: { data_list: ACTIVE } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A new order (placed here, or on another device) brings it back.
    act(() => sessionStore.set(activeOrdersAtom, [...ACTIVE, NEW_ORDER]));
    expect(
      await screen.findByRole('dialog', { name: 'You have an active order' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all (3)' })).toBeInTheDocument();
  });

  it('opens nothing without active orders', async () => {
    const { api } = await renderHome();
    await waitFor(() => expect(api.of('GET_CURRENT_ORDERS')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('geolocation', () => {
  type Success = (position: { coords: Partial<GeolocationCoordinates> }) => void;
  type Failure = (error: { code: number; PERMISSION_DENIED: number }) => void;

  function fakeGeolocation(state: PermissionState, answer: (ok: Success, fail: Failure) => void) {
    Object.defineProperty(navigator, 'permissions', {
      configurable: true,
      value: { query: async () => ({ state, addEventListener() {}, removeEventListener() {} }) },
    });
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: Success, fail: Failure) => answer(ok, fail),
        watchPosition: (ok: Success, fail: Failure) => {
          answer(ok, fail);
          return 1;
        },
        clearWatch: () => undefined,
      },
    });
  }

  it('keeps the spec’s message when GPS access is denied', async () => {
    fakeGeolocation('prompt', (_ok, fail) => fail({ code: 1, PERMISSION_DENIED: 1 }));
    const { user } = await renderHome();
    await user.click(screen.getByRole('button', { name: 'Find me' }));
    const message =
      'You denied access to GPS, please grant permissions so that the app can find you!';
    expect(await screen.findByText(message)).toBeInTheDocument();
    act(() => setDraft({ poi: FLORIANSKA }));
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('fills the pickup from a granted position and its address', async () => {
    fakeGeolocation('granted', (ok) => ok({ coords: { latitude: 50.0614, longitude: 19.9366 } }));
    const { api } = await renderHome({
      GET_ADDRESS: { result: { city: 'Kraków', street: 'Rynek Główny', number: '1' } },
    });
    expect(
      await screen.findByRole('button', { name: 'Pickup Rynek Główny 1, Kraków' }),
    ).toBeInTheDocument();
    expect(api.of('GET_ADDRESS')[0]!.payload).toMatchObject({ lat: 50.0614, lng: 19.9366 });
    expect(draft().poi).toMatchObject({ lat: 50.0614, lng: 19.9366, street: 'Rynek Główny' });
  });

  it('says the address is being found while it is looked up, for screen readers too', async () => {
    fakeGeolocation('granted', (ok) => ok({ coords: { latitude: 50.0614, longitude: 19.9366 } }));
    const lookup = deferred<Answer<'GET_ADDRESS'>>();
    await renderHome({ GET_ADDRESS: () => lookup.promise });
    const card = await screen.findByRole('button', { name: 'Pickup Finding the address…' });
    expect(card).toHaveTextContent('Finding the address…');
    await act(async () =>
      lookup.resolve({ result: { city: 'Kraków', street: 'Rynek Główny', number: '1' } }),
    );
    expect(card).toHaveAccessibleName('Pickup Rynek Główny 1, Kraków');
  });

  it('keeps the coordinates as the pickup when the address lookup fails', async () => {
    fakeGeolocation('granted', (ok) => ok({ coords: { latitude: 50.0614, longitude: 19.9366 } }));
    await renderHome({ GET_ADDRESS: fail('CONNECTION_ERROR') });
    expect(
      await screen.findByRole('button', { name: 'Pickup 50.06140, 19.93660' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order' })).toBeEnabled();
  });
});

describe('Home: saved places as chips', () => {
  const HOME = { id: 1, kind: 'home' as const, name: '', point: FLORIANSKA };
  const GYM = { id: 2, kind: 'other' as const, name: 'Gym', point: AIRPORT };

  // No position from an earlier test's fake GPS: the pickup is what each test sets.
  beforeEach(() => {
    for (const name of ['geolocation', 'permissions'])
      Object.defineProperty(navigator, name, { configurable: true, value: undefined });
  });

  it('shows each saved place as a button named by its visible text first (WCAG 2.5.3)', async () => {
    await renderHome({ GET_SAVED_PLACES: { data_list: [HOME, GYM] } });
    const chips = within(await screen.findByRole('list', { name: /^Saved places/ })).getAllByRole(
      'button',
    );
    expect(chips.map((chip) => chip.textContent)).toEqual(['⌂Home', '★Gym']);
    expect(chips[0]).toHaveAccessibleName('Home, Floriańska 1, Kraków');
    expect(chips[1]).toHaveAccessibleName('Gym, Kraków Airport, Balice');
  });

  it('sets the destination with one tap once there is a pickup', async () => {
    setDraft({ poi: FLORIANSKA });
    const { user } = await renderHome({ GET_SAVED_PLACES: { data_list: [HOME, GYM] } });
    expect(
      await screen.findByRole('list', { name: 'Saved places: set the destination' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Gym,/ }));
    expect(draft().dst).toEqual(AIRPORT);
    expect(draft().poi).toEqual(FLORIANSKA);
  });

  it('sets the pickup while there is none, or when the destination is not shown', async () => {
    const { user } = await renderHome({ GET_SAVED_PLACES: { data_list: [HOME] } });
    expect(await screen.findByRole('list', { name: 'Saved places: set the pickup' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Home,/ }));
    expect(draft().poi).toEqual(FLORIANSKA);
    expect(draft().dst).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Summary page')).toBeInTheDocument();
  });

  it("shows the device's copy offline, and never another account's", async () => {
    cachePlaces('t', [GYM]);
    const { api, unmount } = await renderHome({ GET_SAVED_PLACES: offline });
    expect(screen.getByRole('button', { name: /^Gym,/ })).toBeVisible();
    await waitFor(() => expect(api.of('GET_SAVED_PLACES')).toHaveLength(1));
    unmount();

    forgetPlaces();
    cachePlaces('someone else', [GYM]);
    await renderHome({ GET_SAVED_PLACES: offline });
    expect(screen.queryByRole('button', { name: /^Gym,/ })).not.toBeInTheDocument();
  });

  it('keeps what the server said on the device for the next time', async () => {
    const first = await renderHome({ GET_SAVED_PLACES: { data_list: [HOME] } });
    expect(await screen.findByRole('button', { name: /^Home,/ })).toBeVisible();
    first.unmount();
    forgetPlaces();
    const { api } = await renderHome({ GET_SAVED_PLACES: offline });
    expect(screen.getByRole('button', { name: /^Home,/ })).toBeVisible();
    await waitFor(() => expect(api.of('GET_SAVED_PLACES')).toHaveLength(1));
  });
});
