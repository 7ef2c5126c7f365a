import { act, screen, waitFor, within } from '@testing-library/react';
import { emptyDraft, orderDraftAtom, sessionStore, TAXI_STATE_COLOURS } from '@taxi/shared';
import { fail, fakeApi, type Reply } from '@taxi/shared/testing';
import Track from './Track';
import TrackWithQuery from './TrackWithQuery';
import {
  advance,
  heading,
  settle,
  KEY,
  offContractFields,
  push,
  rating,
  record,
  renderTrack,
  serve,
  taxi,
  withTrackHarness,
  type PushedTaxi,
  type PushedRecord,
} from '../testing/track';

type Route = NonNullable<PushedRecord['routes']>[number];

jest.mock('@taxi/shared/map', () => jest.requireActual('../testing/map').fakeMapModule);

const sockets = withTrackHarness();
const map = () => within(screen.getByRole('list', { name: 'Map of the ride' }));
/** What the screen's live regions say (its loading status and its announcer of states). */
const statuses = () => screen.getAllByRole('status').map((status) => status.textContent);

describe('Track: a view per state', () => {
  beforeEach(() => fakeApi({ GET_RATE: rating(null) }));

  it('shows loading until the first update, logging in with the short id and secret', () => {
    renderTrack(<Track />);
    expect(statuses()).toContain('Loading the order…');
    act(() => void sockets().last().accept());
    expect(sockets().last().sentOf('LOGIN')[0]).toMatchObject({
      order_short_id: KEY.shortId,
      secret: KEY.secret,
    });
    expect(statuses()).toContain('Loading the order…');
  });

  it('puts the order’s panel in place of the loading one, which leaves, instead of moving it', () => {
    // The loading panel keeps a usual view's height, but an order with longer addresses makes
    // its panel taller: the same sheet growing up the map was a layout shift (0.026, 2G).
    renderTrack(<Track />);
    const loading = screen.getByRole('region', { name: 'Order status' });
    serve(sockets(), record({ state: 'T', accepted_taxis: [] }));
    const panel = screen.getByRole('region', { name: 'Order accepted, waiting for a free taxi' });
    expect(loading).not.toBeInTheDocument();
    expect(panel).not.toBe(loading);
  });

  it.each<[string, PushedRecord, string]>([
    ['a taxi-now order just created', { state: 'U', accepted_taxis: [] }, 'Order created'],
    [
      'an order no taxi has taken yet',
      { state: 'T', accepted_taxis: [] },
      'Order accepted, waiting for a free taxi',
    ],
    [
      'an order offered to a driver (the server’s stage says so)',
      { state: 'T', accepted_taxis: [], stage: 'waiting_for_accept' },
      'Waiting for the driver to accept',
    ],
    ['an accepted order', {}, 'Taxi on the way'],
    [
      'a taxi at the pickup',
      offContractFields<PushedRecord>({ arrived: true }),
      'Your taxi has arrived',
    ],
    ['a taxi at the pickup (a time)', { arrived: '2026-11-21 10:09:00' }, 'Your taxi has arrived'],
    [
      'a passenger picked up',
      offContractFields<PushedRecord>({ finished_taxis: ['12'], arrived: true }),
      'You are in the taxi',
    ],
    ['a finished ride', { state: 'Z', finished_taxis: ['12'] }, 'Ride finished'],
    [
      'state Z while the server says the ride goes on',
      { state: 'Z', finished_taxis: ['12'], stage: 'client_in_taxi' },
      'You are in the taxi',
    ],
    ['a cancelled order', { state: 'A' }, 'Order cancelled or handed to another taxi'],
    ['a no-show', { state: 'M' }, 'Order cancelled or handed to another taxi'],
  ])('%s', (_name, change, title) => {
    renderTrack(<Track />);
    serve(sockets(), record(change));
    expect(heading(title)).toBeInTheDocument();
  });

  it('shows the term of a scheduled order that is created', () => {
    renderTrack(<Track />);
    serve(
      sockets(),
      record({ state: 'U', order_type: 'T', accepted_taxis: [], date_time: '2026-11-22 08:30:00' }),
    );
    expect(heading('Order created')).toBeInTheDocument();
    expect(screen.getByText('Pickup on 2026-11-22 08:30')).toBeInTheDocument();
  });

  it('describes the taxi on its way: colour, brand, plate and ETA', () => {
    renderTrack(<Track />);
    serve(sockets());
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state_eta: 3.2 }) });
    const card = screen.getByRole('article', { name: 'Taxi 12' });
    expect(card).toHaveTextContent('Registration: KR 4521C');
    expect(card).toHaveTextContent('Colour: Silver');
    expect(card).toHaveTextContent('Car: Skoda Octavia');
    expect(card).toHaveTextContent('Arrives in about 4 min');
  });

  it('counts the taxis on the way while fewer accepted than were ordered', () => {
    renderTrack(<Track />);
    serve(sockets(), record({ taxi_count: 3, accepted_taxis: ['12'] }));
    expect(heading('Taxi on the way 1/3')).toBeInTheDocument();
    push(sockets(), {
      action_id: 'ORDER_UPDATE',
      order: record({ taxi_count: 3, accepted_taxis: ['12', '17'] }),
    });
    expect(heading('Taxi on the way 2/3')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Taxi 12',
      'Taxi 17',
    ]);
    push(sockets(), {
      action_id: 'ORDER_UPDATE',
      order: record({ taxi_count: 3, accepted_taxis: ['12', '17', '23'] }),
    });
    expect(heading('Taxi on the way')).toBeInTheDocument();
  });

  it('takes the record’s eta_min until the taxi reports its own', () => {
    renderTrack(<Track />);
    serve(sockets(), record({ eta_min: 7 }));
    expect(screen.getByRole('article', { name: 'Taxi 12' })).toHaveTextContent(
      'Arrives in about 7 min',
    );
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state_eta: 2 }) });
    expect(screen.getByRole('article', { name: 'Taxi 12' })).toHaveTextContent(
      'Arrives in about 2 min',
    );
  });

  it('shows no term for a taxi-now order that is created', () => {
    renderTrack(<Track />);
    serve(sockets(), record({ state: 'U', accepted_taxis: [], date_time: '2026-11-22 08:30:00' }));
    expect(screen.queryByText(/Pickup on/)).not.toBeInTheDocument();
  });

  it('says an ETA over the limit as more than the limit', () => {
    renderTrack(<Track />);
    serve(sockets());
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state_eta: 1500 }) });
    expect(screen.getByText('Arrives in more than 1000 min')).toBeInTheDocument();
  });

  it('speaks Polish', () => {
    renderTrack(<Track />, { language: 'pl' });
    serve(sockets(), record({ taxi_count: 2 }));
    expect(heading('Taksówka w drodze 1/2')).toBeInTheDocument();
    push(sockets(), { action_id: 'ORDER_UPDATE', order: record({ state: 'Z' }) });
    expect(heading('Przejazd zakończony')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Bardzo dobrze' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zakończ' })).toBeInTheDocument();
  });
});

describe('Track: order not found', () => {
  it('shows "Order not found" with a back button when LOGIN is refused, and stops', async () => {
    fakeApi({ GET_RATE: fail('NOT_FOUND') });
    const { user, history } = renderTrack(<Track />);
    act(() => void sockets().last().accept().login(false, 'ORDER_ACCESS_DENIED'));
    expect(heading('Order not found')).toBeInTheDocument();
    advance(60_000);
    expect(sockets().sockets).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(history.location.pathname).toBe('/');
  });

  it('shows it when the rating API says the order does not exist, even without the socket', async () => {
    fakeApi({ GET_RATE: fail('NOT_FOUND') });
    renderTrack(<Track />);
    advance(1000);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });

  it('in Polish', () => {
    fakeApi({ GET_RATE: rating(null) });
    renderTrack(<Track />, { language: 'pl' });
    act(() => void sockets().last().accept().login(false, 'NOT_FOUND'));
    expect(heading('Nie znaleziono zamówienia')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wstecz' })).toBeInTheDocument();
  });

  it('for /track/ without o and p', () => {
    fakeApi({});
    renderTrack(<TrackWithQuery />, { path: '/track/?o=ABCD2345', routePath: '/track/' });
    expect(heading('Order not found')).toBeInTheDocument();
    expect(sockets().sockets).toHaveLength(0);
  });
});

describe('Track: /track/?o=&p=', () => {
  it('follows the order of the query', () => {
    fakeApi({ GET_RATE: rating(null) });
    renderTrack(<TrackWithQuery />, {
      path: `/track/?o=${KEY.shortId}&p=${KEY.secret}`,
      routePath: '/track/',
    });
    serve(sockets());
    expect(sockets().last().sentOf('LOGIN')[0]).toMatchObject({
      order_short_id: KEY.shortId,
      secret: KEY.secret,
    });
    expect(heading('Taxi on the way')).toBeInTheDocument();
  });
});

describe('Track: the map', () => {
  beforeEach(() => fakeApi({ GET_RATE: rating(null) }));

  it('draws pickup and destination and no taxi in U', () => {
    renderTrack(<Track />);
    serve(sockets(), record({ state: 'U', accepted_taxis: ['12'] }));
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12') });
    expect(map().getByText('Pickup')).toBeInTheDocument();
    expect(map().getByText('Destination')).toBeInTheDocument();
    expect(map().queryByText('Taxi 12')).not.toBeInTheDocument();
    expect(map().queryByText('Passenger')).not.toBeInTheDocument();
  });

  it('draws the order’s taxis in T in the colour of their state, and the client’s location', () => {
    renderTrack(<Track />);
    serve(sockets(), record({ taxi_count: 2, accepted_taxis: ['12', '17'] }));
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state: 'K' }) });
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('17', { state: 'D' }) });
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('99', { state: 'W' }) });
    expect(map().getByText('Taxi 12')).toHaveAttribute('data-color', TAXI_STATE_COLOURS.K);
    expect(map().getByText('Taxi 17')).toHaveAttribute('data-color', TAXI_STATE_COLOURS.D);
    expect(map().queryByText('Taxi 99')).not.toBeInTheDocument();
    expect(map().getByText('Passenger')).toBeInTheDocument();
  });

  it('draws the ride’s route, and one pin where the client is at the pickup', () => {
    renderTrack(<Track />);
    serve(
      sockets(),
      record({
        client_lat: 50.0614,
        client_lng: 19.9383,
        routes: [
          {
            points: [
              { lat: 50.0614, lng: 19.9383 },
              { lat: 50.064, lng: 19.94 },
              { lat: 50.0677, lng: 19.9449 },
            ],
            color: '#f5b400',
          },
        ],
      }),
    );
    expect(map().getByText('Route of 3 points')).toHaveAttribute('data-color', '#f5b400');
    expect(map().queryByText('Passenger')).not.toBeInTheDocument();
  });

  it('draws the route planned at saving dashed, and a route the taxi drove solid', () => {
    const points = [
      { lat: 50.0614, lng: 19.9383 },
      { lat: 50.0677, lng: 19.9449 },
    ];
    renderTrack(<Track />);
    serve(sockets(), record({ routes: [{ points, type: 'ride', color: '#f5b400' }] }));
    expect(map().getByText('Route of 2 points')).toHaveAttribute('data-line', 'dashed');
    push(sockets(), {
      action_id: 'ORDER_UPDATE',
      order: record({
        revision: 2,
        routes: [offContractFields<Route>({ points, type: 'driven', color: '#f5b400' })],
      }),
    });
    expect(map().getByText('Route of 2 points')).toHaveAttribute('data-line', 'solid');
  });

  it('hides a taxi without a position or in a state without an icon', () => {
    renderTrack(<Track />);
    serve(sockets(), record({ taxi_count: 2, accepted_taxis: ['12', '17'] }));
    push(sockets(), { action_id: 'TAXI_STATE_UPDATE', taxi: taxi('12', { state: 'F' }) });
    push(sockets(), {
      action_id: 'TAXI_STATE_UPDATE',
      taxi: taxi('17', offContractFields<PushedTaxi>({ lat: null })),
    });
    expect(map().queryByText(/Taxi/)).not.toBeInTheDocument();
  });

  it('fits the view with the Track padding (a whole pin under the buttons), 300 ms after asked', async () => {
    const { lastFocus } = jest.requireActual('../testing/map');
    const { user } = renderTrack(<Track />);
    serve(sockets());
    advance(300);
    const first = lastFocus.current;
    expect(first).toMatchObject({ padding: { top: 96 + 40, right: 24, bottom: 216, left: 24 } });
    expect(first.points).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Fit to view' }));
    advance(299);
    expect(lastFocus.current.key).toBe(first.key);
    advance(1);
    expect(lastFocus.current.key).not.toBe(first.key);
  });

  it('locates the passenger with a spinner while it looks, or says GPS was denied', async () => {
    let succeed: PositionCallback = () => undefined;
    let fail: PositionErrorCallback = () => undefined;
    const getCurrentPosition = jest.fn(
      (ok: PositionCallback, no?: PositionErrorCallback | null) => {
        succeed = ok;
        fail = no!;
      },
    );
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition },
      configurable: true,
    });
    const { user } = renderTrack(<Track />);
    serve(sockets());
    const locate = screen.getByRole('button', { name: 'Show my location' });
    await user.click(locate);
    expect(locate).toHaveAttribute('aria-busy', 'true');
    act(() => succeed({ coords: { latitude: 50.06, longitude: 19.94 } } as GeolocationPosition));
    expect(locate).not.toHaveAttribute('aria-busy');
    expect(map().getByText('Your location')).toBeInTheDocument();
    await user.click(locate);
    act(() => fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You denied access to GPS, please grant permissions so that the app can find you!',
    );
  });
});

describe('Track: the live connection', () => {
  beforeEach(() => fakeApi({ GET_RATE: rating(null) }));

  it('says it is offline and reconnects after 5 s with a little jitter', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.99);
    renderTrack(<Track />);
    serve(sockets());
    act(() => sockets().last().drop());
    expect(screen.getByText('Connection lost. Reconnecting…')).toBeInTheDocument();
    advance(4999);
    expect(sockets().sockets).toHaveLength(1);
    advance(1);
    expect(sockets().sockets).toHaveLength(1);
    advance(495);
    expect(sockets().sockets).toHaveLength(2);
    await settle();
  });

  it('shows the state that changed while it was offline once it is back', async () => {
    renderTrack(<Track />);
    serve(sockets());
    act(() => sockets().last().drop());
    advance(5500);
    serve(sockets(), record({ finished_taxis: ['12'] }));
    expect(heading('You are in the taxi')).toBeInTheDocument();
    expect(screen.queryByText('Connection lost. Reconnecting…')).not.toBeInTheDocument();
    await settle();
  });

  it.each(['A', 'M'] as const)('closes the link for good on %s', async (state) => {
    renderTrack(<Track />);
    const socket = serve(sockets());
    push(sockets(), { action_id: 'ORDER_UPDATE', order: record({ state }) });
    expect(socket.closedByClient).toBe(1000);
    advance(60_000);
    expect(sockets().sockets).toHaveLength(1);
    expect(heading('Order cancelled or handed to another taxi')).toBeInTheDocument();
    await settle();
  });

  it('closes the link on purpose when the page goes', () => {
    const { unmount } = renderTrack(<Track />);
    const socket = serve(sockets());
    unmount();
    expect(socket.closedByClient).toBe(1000);
    advance(60_000);
    expect(sockets().sockets).toHaveLength(1);
  });
});

describe('Track: cancelling', () => {
  /** GET_CURRENT_ORDERS of the signed-in passenger: this order among them, or another one. */
  const activeOrders = (shortId: string): Reply<'GET_CURRENT_ORDERS'> => ({
    data_list: [
      {
        order_type: 'Z',
        state: 'T',
        date_time: null,
        created: '2026-11-21 10:00:00',
        track: { order_short_id: shortId, secret: 'x' },
      },
    ],
  });
  beforeEach(() =>
    fakeApi({ GET_RATE: rating(null), GET_CURRENT_ORDERS: activeOrders(KEY.shortId) }),
  );

  it('asks first, then sends ORDER_CANCEL with the passenger’s token, and shows the cancelled view', async () => {
    const { user } = renderTrack(<Track />, { token: 'tok' });
    const socket = serve(sockets(), record({ state: 'U', accepted_taxis: [] }));
    await settle();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel this order?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(socket.sentOf('ORDER_CANCEL')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }),
    );
    expect(socket.sentOf('ORDER_CANCEL')).toEqual([{ action_id: 'ORDER_CANCEL', auth: 'tok' }]);
    push(sockets(), {
      action_id: 'ORDER_UPDATE',
      order: record({ state: 'A', accepted_taxis: [] }),
    });
    expect(heading('Order cancelled or handed to another taxi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says why when the server refuses', async () => {
    const { user } = renderTrack(<Track />, { token: 'tok' });
    serve(sockets());
    await settle();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }),
    );
    push(sockets(), { action_id: 'ORDER_CANCEL', status: 'ERR', error_data: 'ACTION_NOT_ALLOWED' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The order could not be cancelled: Action not allowed',
    );
  });

  it('is not offered once the passenger is in the taxi', () => {
    renderTrack(<Track />, { token: 'tok' });
    serve(sockets(), record({ finished_taxis: ['12'] }));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('is not offered to a logged-out visitor of a shared link', () => {
    renderTrack(<Track />, { token: null });
    serve(sockets());
    expect(screen.getByRole('button', { name: 'Share ride' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('is not offered to a signed-in passenger following someone else’s shared link', async () => {
    const server = fakeApi({
      GET_RATE: rating(null),
      GET_CURRENT_ORDERS: activeOrders('OTHER234'),
    });
    renderTrack(<Track />, { token: 'tok' });
    serve(sockets());
    await settle();
    expect(server.of('GET_CURRENT_ORDERS')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Share ride' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});

describe('Track: rating at the end of the ride', () => {
  const pickupDraft = () => ({
    ...emptyDraft(),
    poi: {
      ...emptyDraft().poi,
      id: null,
      lat: 50.06,
      lng: 19.94,
      quarter: '',
      city: 'Kraków',
      poi_name: '',
      street: 'Floriańska',
      number: '1',
      district: '',
    },
  });

  it.each(['Z', 'A', 'M'] as const)(
    'offers the stars in %s; Finish becomes OK once rated and sends it',
    async (state) => {
      const server = fakeApi({ GET_RATE: rating(null), SET_RATE: {} });
      const { user, history } = renderTrack(<Track />);
      serve(sockets(), record({ state }));
      const finish = screen.getByRole('button', { name: 'Finish' });
      expect(
        screen.getByRole('group', { name: 'How would you rate this ride?' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Good' }));
      expect(finish).toHaveAccessibleName('OK');
      await user.click(finish);
      await waitFor(() => expect(history.location.pathname).toBe('/'));
      expect(server.of('SET_RATE')[0]?.sent).toMatchObject({
        order_short_id: KEY.shortId,
        secret: KEY.secret,
        data: { rate: 1 },
      });
    },
  );

  it('links the receipt of a finished ride', async () => {
    fakeApi({ GET_RATE: rating(null) });
    const { user, history } = renderTrack(<Track />);
    serve(sockets(), record({ state: 'Z', stage: 'finished', price: 31.5 }));
    await user.click(await screen.findByRole('link', { name: 'Receipt' }));
    expect(history.location.pathname).toBe(
      `/receipt/${KEY.shortId}/${encodeURIComponent(KEY.secret)}`,
    );
  });

  it('has no receipt for a cancelled ride', async () => {
    fakeApi({ GET_RATE: rating(null) });
    renderTrack(<Track />);
    serve(sockets(), record({ state: 'A' }));
    expect(await screen.findByRole('button', { name: 'Finish' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Receipt' })).not.toBeInTheDocument();
  });

  it('has no stars while the order is under way', () => {
    fakeApi({ GET_RATE: rating(null) });
    renderTrack(<Track />);
    serve(sockets());
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
  });

  it('Finish without a rating sends nothing, clears a draft with a valid pickup and goes Home', async () => {
    const server = fakeApi({ GET_RATE: rating(null) });
    act(() => sessionStore.set(orderDraftAtom, pickupDraft()));
    const { user, history } = renderTrack(<Track />);
    serve(sockets(), record({ state: 'Z' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(server.of('SET_RATE')).toHaveLength(0);
    expect(sessionStore.get(orderDraftAtom).poi).toBeNull();
  });

  it('keeps a draft whose pickup is not valid', async () => {
    fakeApi({ GET_RATE: rating(null) });
    const draft = { ...emptyDraft(), info: 'kept note' };
    act(() => sessionStore.set(orderDraftAtom, draft));
    const { user, history } = renderTrack(<Track />);
    serve(sockets(), record({ state: 'Z' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(sessionStore.get(orderDraftAtom).info).toBe('kept note');
  });

  it('a failed rating says so and stays', async () => {
    fakeApi({ GET_RATE: rating(null), SET_RATE: fail('ACTION_NOT_ALLOWED') });
    const { user, history } = renderTrack(<Track />);
    serve(sockets(), record({ state: 'Z' }));
    await user.click(screen.getByRole('radio', { name: 'Very bad' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Error while rating. Please try again later.');
    expect(history.location.pathname).toBe('/t/ABCD2345/s3cret-p');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(heading('Ride finished')).toBeInTheDocument();
  });

  it('looks the rating up 1000 ms after start and thanks when already rated', async () => {
    const server = fakeApi({ GET_RATE: rating(2) });
    renderTrack(<Track />);
    serve(sockets(), record({ state: 'Z' }));
    advance(999);
    expect(server.of('GET_RATE')).toHaveLength(0);
    advance(1);
    expect(await screen.findByText('Thank you for rating this ride!')).toBeInTheDocument();
    expect(server.of('GET_RATE')[0]?.sent).toMatchObject({
      order_short_id: KEY.shortId,
      secret: KEY.secret,
    });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('shows Finish only when the corporation has rating switched off', () => {
    fakeApi({ GET_RATE: rating(null) });
    renderTrack(<Track />, { settings: { rate: false } });
    serve(sockets(), record({ state: 'Z' }));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
  });
});

describe('Track: sharing the ride', () => {
  beforeEach(() => fakeApi({ GET_RATE: rating(null) }));
  afterEach(() => {
    delete (navigator as { share?: unknown }).share;
  });

  it('has an icon in the text style, never a phone’s colour emoji (U+FE0E after ⤴)', () => {
    renderTrack(<Track />);
    serve(sockets());
    const button = screen.getByRole('button', { name: 'Share ride' });
    expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}(?!\uFE0E)/u);
  });

  it('uses the Web Share API with the public link where there is one', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderTrack(<Track />);
    serve(sockets());
    await user.click(screen.getByRole('button', { name: 'Share ride' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({
        url: 'http://localhost/t/ABCD2345/s3cret-p',
        title: 'Follow my taxi',
      }),
    );
  });

  it('copies the link otherwise and confirms, for 3 s', async () => {
    const { user } = renderTrack(<Track />);
    serve(sockets());
    const copy = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Share ride' }));
    expect(copy).toHaveBeenCalledWith('http://localhost/t/ABCD2345/s3cret-p');
    expect(
      await screen.findByText('Link copied. Anyone with it can follow the ride.'),
    ).toBeInTheDocument();
    advance(3000);
    expect(
      screen.queryByText('Link copied. Anyone with it can follow the ride.'),
    ).not.toBeInTheDocument();
    await settle();
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const { user } = renderTrack(<Track />);
    serve(sockets());
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Share ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share ride' });
    expect(within(dialog).getByRole('textbox', { name: 'Link to the ride' })).toHaveValue(
      'http://localhost/t/ABCD2345/s3cret-p',
    );
  });
});
