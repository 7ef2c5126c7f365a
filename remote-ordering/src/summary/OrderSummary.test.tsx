import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Answer,
  type Answers,
  deferred,
  fail,
  fakeApi,
  renderScreen,
} from '@taxi/shared/testing';
import {
  clientDataAtom,
  featuresAtom,
  sessionStore,
  settingsAtom,
  type Settings,
} from '@taxi/shared';
import { AIRPORT, draft, FEATURES, FLORIANSKA, resetOrdering, setDraft } from '../testing/order';
import OrderSummary from './OrderSummary';

const SAVED = { order_id: 5, track: { order_short_id: 'ABC123', secret: 'sec' } };
const PERKS = { show_cash_free: true, show_discount: true };
const PERKS_CLIENT = {
  phone: '48601000001',
  points: 0,
  count_discount_available: 2,
  discount: 10,
  cash_free: true,
};

function renderSummary(handlers: Answers, settings: Partial<Settings> = {}) {
  const api = fakeApi({ GET_CURRENT_ORDERS: { data_list: [] }, ...handlers });
  const user = userEvent.setup();
  const view = renderScreen(<OrderSummary />, {
    token: 't',
    settings,
    path: '/summary/',
    routes: [
      { path: '/', element: <p>Home page</p> },
      { path: '/success/', element: <p>Success page</p> },
      { path: '/t/:o/:p', element: <p>Track page</p> },
    ],
  });
  return { api, user, ...view };
}

beforeEach(resetOrdering);
afterEach(() => jest.restoreAllMocks());

describe('OrderSummary', () => {
  it("says 'Address missing.' without a valid pickup and goes Home", async () => {
    const { user } = renderSummary({});
    expect(screen.getByRole('alert')).toHaveTextContent('Address missing.');
    await user.click(screen.getByRole('button', { name: 'Choose the address' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('reviews everything chosen, the taxi count only above 1', () => {
    act(() => sessionStore.set(featuresAtom, FEATURES));
    act(() => sessionStore.set(clientDataAtom, PERKS_CLIENT));
    setDraft({
      poi: FLORIANSKA,
      dst: AIRPORT,
      info: 'gate 2',
      passwd: 'zebra',
      taxi_count: 2,
      discount: true,
      cash_free: true,
      taxi_features_list: [1, 3],
      order_type: 'T',
      date_time: '2030-01-02 08:15:00',
    });
    renderSummary({}, PERKS);
    const rows = Object.fromEntries(
      screen
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(rows).toEqual({
      Pickup: 'Floriańska 1, Kraków',
      Destination: 'Kraków Airport, Balice',
      'Scheduled time': '2030-01-02 08:15',
      Note: 'gate 2',
      'Individual password': 'zebra',
      'Number of taxis': '2',
      Discount: 'Yes',
      'Cash-free': 'Yes',
      Features: 'Estate car, Pet',
    });
  });

  it('leaves out the taxi count of one and what was not chosen', () => {
    setDraft({ poi: FLORIANSKA });
    renderSummary({});
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Pickup']);
  });

  it('orders once for a double tap, clears the draft and goes to Track', async () => {
    setDraft({ poi: FLORIANSKA });
    const saving = deferred<Answer<'ORDER_SAVE'>>();
    const { api, user } = renderSummary({ ORDER_SAVE: () => saving.promise });
    const order = screen.getByRole('button', { name: 'Order' });
    await user.dblClick(order);
    await act(async () => saving.resolve(SAVED));
    expect(await screen.findByText('Track page')).toBeInTheDocument();
    expect(api.of('ORDER_SAVE')).toHaveLength(1);
    expect(api.of('ORDER_SAVE')[0]!.payload.order).toMatchObject({
      call_uniqueid: expect.any(String),
    });
    expect(draft().poi).toBeNull();
  });

  it('neither shows nor sends a destination when show_dst is off', async () => {
    setDraft({ poi: FLORIANSKA, dst: AIRPORT });
    const { api, user } = renderSummary({ ORDER_SAVE: SAVED }, { show_dst: false });
    expect(screen.queryByRole('term', { name: 'Destination' })).not.toBeInTheDocument();
    expect(screen.queryByText('Kraków Airport, Balice')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Track page')).toBeInTheDocument();
    expect(api.of('ORDER_SAVE')[0]!.payload.order).toMatchObject({ poi: FLORIANSKA, dst: null });
  });

  it("shows the rider of a ride for someone else and sends the rider's name and phone", async () => {
    setDraft({ poi: FLORIANSKA, phone: '+48602000101', rider_name: 'Anna' });
    const { api, user } = renderSummary({ ORDER_SAVE: SAVED });
    const term = screen.getAllByRole('term').find((row) => row.textContent === 'For');
    expect(term?.nextElementSibling).toHaveTextContent('Anna, +48 602 000 101');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByText('Track page');
    expect(api.of('ORDER_SAVE')[0]!.payload.order).toMatchObject({
      phone: '+48602000101',
      rider_name: 'Anna',
    });
  });

  it('sends the taxi group with the order and beside it, and no city of the corporation', async () => {
    setDraft({ poi: FLORIANSKA });
    const { api, user } = renderSummary(
      { ORDER_SAVE: SAVED },
      { taxi_group_id: 3, city: 'Kraków' },
    );
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByText('Track page');
    const payload = api.of('ORDER_SAVE')[0]!.payload;
    expect(payload).toMatchObject({ taxi_group_id: 3, order: { taxi_group_id: 3 } });
    expect(payload).not.toHaveProperty('city');
    expect(payload.order).not.toHaveProperty('city');
  });

  it('retries with the same call_uniqueid after a lost reply', async () => {
    setDraft({ poi: FLORIANSKA });
    let first = true;
    const { api, user, history } = renderSummary({
      ORDER_SAVE: () => {
        if (!first) return SAVED;
        first = false;
        return fail('CONNECTION_ERROR');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Order' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('The order was not placed: Connection to server error');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByText('Track page');
    const [a, b] = api
      .of('ORDER_SAVE')
      .map((call) => (call.payload.order as { call_uniqueid: string }).call_uniqueid);
    expect(a).toBeTruthy();
    expect(b).toBe(a);
    expect(history.location.pathname).toBe('/t/ABC123/sec');
  });

  it('uses a new call_uniqueid for a new order attempt', async () => {
    setDraft({ poi: FLORIANSKA });
    const { api, user, unmount } = renderSummary({ ORDER_SAVE: SAVED });
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByText('Track page');
    unmount();
    setDraft({ poi: FLORIANSKA });
    renderScreen(<OrderSummary />, {
      token: 't',
      path: '/summary/',
      routes: [{ path: '/t/:o/:p', element: <p>Track page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByText('Track page');
    const [a, b] = api
      .of('ORDER_SAVE')
      .map((call) => (call.payload.order as { call_uniqueid: string }).call_uniqueid);
    expect(a).toBeTruthy();
    expect(b).toBeTruthy();
    expect(b).not.toBe(a);
  });

  it('confirms a timed order, then clears the draft and goes Home', async () => {
    setDraft({ poi: FLORIANSKA, order_type: 'T', date_time: '2030-01-02 08:15:00', advance: 5400 });
    const { user } = renderSummary({ ORDER_SAVE: SAVED });
    await user.click(screen.getByRole('button', { name: 'Order' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Your scheduled order has been accepted. The taxi will come at the chosen time.',
    );
    expect(draft().order_type).toBe('T');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(draft()).toMatchObject({ order_type: 'Z', poi: null });
  });

  it('goes to OrderSuccess when the corporation does not offer tracking', async () => {
    setDraft({ poi: FLORIANSKA });
    const { user } = renderSummary({ ORDER_SAVE: SAVED }, { track: false });
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Success page')).toBeInTheDocument();
  });

  it('sends cash-free and discount only while the client may use them', async () => {
    setDraft({ poi: FLORIANSKA, cash_free: true, discount: true });
    const { api, user } = renderSummary(
      { ORDER_SAVE: SAVED },
      { show_cash_free: true, show_discount: true },
    );
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(api.of('ORDER_SAVE')).toHaveLength(1));
    expect(api.of('ORDER_SAVE')[0]!.payload.order).toMatchObject({
      cash_free: false,
      discount: false,
    });
  });

  it('reviews discount and cash-free only as the order carries them', async () => {
    // Chosen when allowed; the client's data no longer allows them (no discounts left, no
    // cash-free): the order goes without, and the summary says so by leaving them out.
    setDraft({ poi: FLORIANSKA, cash_free: true, discount: true });
    act(() =>
      sessionStore.set(clientDataAtom, {
        ...PERKS_CLIENT,
        count_discount_available: 0,
        cash_free: false,
      }),
    );
    const { api, user } = renderSummary({ ORDER_SAVE: SAVED }, PERKS);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).not.toContain('Discount');
    expect(terms).not.toContain('Cash-free');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(api.of('ORDER_SAVE')).toHaveLength(1));
    expect(api.of('ORDER_SAVE')[0]!.payload.order).toMatchObject({
      cash_free: false,
      discount: false,
    });
  });

  it('shows the apology page, not an error, when ORDER_SAVE is refused for maintenance', async () => {
    setDraft({ poi: FLORIANSKA });
    const { api, user } = renderSummary({
      ORDER_SAVE: fail('ACTION_NOT_ALLOWED'),
      'GET /settings.json': { corp: 'Test Taxi', maintenance: true },
    });
    await user.click(screen.getByRole('button', { name: 'Order' }));
    // The settings are read again, past any kept copy; the shell then shows the apology page.
    await waitFor(() => expect(sessionStore.get(settingsAtom)?.maintenance).toBe(true));
    expect(api.of('GET /settings.json')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the refusal as before when the corporation is not in maintenance', async () => {
    setDraft({ poi: FLORIANSKA });
    const { user } = renderSummary({
      ORDER_SAVE: fail('ACTION_NOT_ALLOWED'),
      'GET /settings.json': { corp: 'Test Taxi', maintenance: false },
    });
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The order was not placed: Action not allowed',
    );
    expect(sessionStore.get(settingsAtom)?.maintenance).toBe(false);
  });
});
