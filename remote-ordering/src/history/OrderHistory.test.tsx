import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Answers, fail, fakeApi, renderScreen } from '@taxi/shared/testing';
import { forgetPlaces } from '../places/usePlaces';
import { draft, resetOrdering } from '../testing/order';
import OrderHistory from './OrderHistory';

const ENTRIES = [
  {
    id: 11,
    date_time: '2026-05-02 18:40:00',
    poi: { lat: 50.06, lng: 19.94, city: 'Kraków', street: 'Floriańska', number: '1' },
    dst: { lat: 50.07, lng: 19.78, city: 'Balice', poi_name: 'Kraków Airport' },
  },
  {
    id: 10,
    date_time: '2026-04-30 07:05:00',
    poi: { lat: 50.04, lng: 19.95, city: 'Wieliczka', street: 'Górnicza', number: '4' },
  },
];

function renderHistory(handlers: Answers) {
  const api = fakeApi(handlers);
  const user = userEvent.setup();
  const view = renderScreen(<OrderHistory />, {
    token: 't',
    path: '/history/',
    routes: [{ path: '/', element: <p>Home page</p> }],
  });
  return { api, user, ...view };
}

beforeEach(() => {
  resetOrdering();
  forgetPlaces();
});
afterEach(() => jest.restoreAllMocks());

describe('OrderHistory', () => {
  it('lists past orders with date, city and address', async () => {
    const { api } = renderHistory({ GET_CLIENT_ORDER_HISTORY: { history: ENTRIES } });
    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('2026-05-02 18:40');
    expect(items[0]).toHaveTextContent('Kraków');
    expect(items[0]).toHaveTextContent('Floriańska 1 → Kraków Airport, Balice');
    expect(items[1]).toHaveTextContent('Wieliczka');
    expect(api.of('GET_CLIENT_ORDER_HISTORY')[0]!.payload).toMatchObject({ taxi_group_id: null });
  });

  it('links the receipt of a finished ride, with its secret; a cancelled one has none', async () => {
    const track = { order_short_id: 'ABCD2345', secret: 's3cret' };
    const { user, history } = renderHistory({
      GET_CLIENT_ORDER_HISTORY: {
        history: [
          { ...ENTRIES[0], state: 'Z', track },
          { ...ENTRIES[1], state: 'A', track: { ...track, order_short_id: 'EFGH6789' } },
        ],
      },
    });
    const [finished, cancelled] = await screen.findAllByRole('article');
    expect(within(cancelled!).queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument();
    await user.click(within(finished!).getByRole('link', { name: 'Receipt: 2026-05-02 18:40' }));
    expect(history.location.pathname).toBe('/receipt/ABCD2345/s3cret');
  });

  it("fills the draft with 'order again' and goes Home", async () => {
    const { user } = renderHistory({ GET_CLIENT_ORDER_HISTORY: { history: ENTRIES } });
    const [first] = await screen.findAllByRole('article');
    await user.click(within(first!).getByRole('button', { name: 'Order again' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(draft().poi).toMatchObject({ street: 'Floriańska', lat: 50.06 });
    expect(draft().dst).toMatchObject({ poi_name: 'Kraków Airport' });
    expect(draft().order_type).toBe('Z');
  });

  it('deletes after the confirmation, then reloads the list', async () => {
    let list = ENTRIES;
    const { api, user } = renderHistory({
      GET_CLIENT_ORDER_HISTORY: () => ({ history: list }),
      IGNORE_CLIENT_ORDER_HISTORY: (payload) => {
        list = list.filter((entry) => entry.id !== payload.order_id);
        return {};
      },
    });
    const [first] = await screen.findAllByRole('article');
    await user.click(within(first!).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete this order from your history?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(api.of('IGNORE_CLIENT_ORDER_HISTORY')[0]!.payload).toMatchObject({ order_id: 11 });
    expect(api.of('GET_CLIENT_ORDER_HISTORY')).toHaveLength(2);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const { api, user } = renderHistory({ GET_CLIENT_ORDER_HISTORY: { history: ENTRIES } });
    const [first] = await screen.findAllByRole('article');
    await user.click(within(first!).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.of('IGNORE_CLIENT_ORDER_HISTORY')).toHaveLength(0);
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says why the list could not be loaded', async () => {
    renderHistory({ GET_CLIENT_ORDER_HISTORY: fail('CONNECTION_ERROR') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The history could not be loaded: Connection to server error',
    );
  });

  it('goes back', async () => {
    const { user } = renderHistory({ GET_CLIENT_ORDER_HISTORY: { history: [] } });
    expect(await screen.findByText('No past orders yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it("saves a past ride's destination as a named place", async () => {
    const { api, user } = renderHistory({
      GET_CLIENT_ORDER_HISTORY: { history: ENTRIES },
      GET_SAVED_PLACES: { data_list: [] },
      SAVE_PLACE: ({ place }) => ({ place: { ...place, id: 5 } }),
    });
    const [first, second] = await screen.findAllByRole('article');
    // Named by the visible text first, then the address it saves.
    expect(
      within(second!).getByRole('button', { name: 'Save address: Górnicza 4, Wieliczka' }),
    ).toBeInTheDocument();
    await user.click(
      within(first!).getByRole('button', { name: 'Save address: Kraków Airport, Balice' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Save place' });
    // No Home is saved yet: it is offered first, as in the address search.
    expect(within(dialog).getByRole('radio', { name: 'Home' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Other place' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lotnisko');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved: Lotnisko'));
    expect(api.last('SAVE_PLACE')!.payload.place).toEqual({
      id: null,
      kind: 'other',
      name: 'Lotnisko',
      point: expect.objectContaining({ poi_name: 'Kraków Airport', lat: 50.07, lng: 19.78 }),
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
