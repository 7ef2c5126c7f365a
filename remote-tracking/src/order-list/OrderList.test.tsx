import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activeOrdersAtom, sessionStore } from '@taxi/shared';
import { fail, fakeApi, renderScreen, type Reply } from '@taxi/shared/testing';
import OrderList, { ORDER_LIST_REFRESH_MS } from './OrderList';

const ORDERS = [
  {
    order_id: 1,
    order_type: 'Z',
    state: 'T',
    date_time: null,
    created: '2026-11-21 09:58:12',
    taxi_count: 1,
    poi: { street: 'Floriańska', number: '1', city: 'Kraków' },
    track: { order_short_id: 'AAAA2222', secret: 'one' },
  },
  {
    order_id: 2,
    order_type: 'T',
    state: 'U',
    date_time: '2026-11-22 07:30:00',
    created: '2026-11-21 08:00:00',
    taxi_count: 1,
    track: { order_short_id: 'BBBB3333', secret: 'two' },
  },
  {
    order_id: 3,
    order_type: 'W',
    state: 'U',
    date_time: '2026-11-23 18:15:00',
    created: '2026-11-21 08:05:00',
    taxi_count: 1,
    track: { order_short_id: 'CCCC4444', secret: 'three' },
  },
] satisfies Reply<'GET_CURRENT_ORDERS'>['data_list'];

function renderList(language: 'en' | 'pl' = 'en') {
  return renderScreen(<OrderList />, {
    path: '/orders/',
    token: 'tok',
    language,
    routes: [{ path: '/t/:o/:p', element: <h1>Track screen</h1> }],
  });
}

beforeEach(() => act(() => sessionStore.set(activeOrdersAtom, [])));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('OrderList', () => {
  it('has a title, a subtitle and a track card per active order', async () => {
    fakeApi({ GET_CURRENT_ORDERS: { data_list: ORDERS } });
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Active rides' })).toBeInTheDocument();
    expect(
      screen.getByText('Orders in progress and scheduled. Tap one to follow it live.'),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('link', { name: /Track this order$/ });
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Regular In progress Ordered 2026-11-21 09:58 Floriańska 1, Kraków'),
      expect.stringContaining('Scheduled Created Pickup 2026-11-22 07:30'),
      expect.stringContaining('Calculated Created Pickup 2026-11-23 18:15'),
    ]);
    expect(cards[0]).toHaveAttribute('href', '/t/AAAA2222/one');
  });

  it('keeps the active orders in the session', async () => {
    fakeApi({ GET_CURRENT_ORDERS: { data_list: ORDERS } });
    renderList();
    await screen.findAllByRole('link', { name: /Track this order$/ });
    expect(sessionStore.get(activeOrdersAtom).map((order) => order.track.order_short_id)).toEqual([
      'AAAA2222',
      'BBBB3333',
      'CCCC4444',
    ]);
  });

  it('names each card by its visible text first, then what it does (WCAG 2.5.3)', async () => {
    fakeApi({ GET_CURRENT_ORDERS: { data_list: ORDERS } });
    renderList();
    const cards = await screen.findAllByRole('link', { name: /Track this order$/ });
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      const visible = [...card.children]
        .filter((part) => !part.matches('.tx-visually-hidden, [aria-hidden="true"]'))
        .map((part) => part.textContent)
        .join(' ');
      expect(card).toHaveAccessibleName(`${visible} Track this order`);
    }
    expect(cards[0]).toHaveAccessibleName(/Floriańska 1, Kraków Track this order$/);
  });

  it('opens Track when a card is tapped', async () => {
    fakeApi({ GET_CURRENT_ORDERS: { data_list: ORDERS } });
    const { history } = renderList();
    await userEvent.click(await screen.findByRole('link', { name: /^Scheduled Created/ }));
    expect(screen.getByRole('heading', { name: 'Track screen' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/t/BBBB3333/two');
  });

  it('asks again every 30 s, so an order that ended leaves the list', async () => {
    jest.useFakeTimers();
    fakeApi({ GET_CURRENT_ORDERS: { data_list: ORDERS } });
    renderList();
    expect(await screen.findAllByRole('link', { name: /Track this order$/ })).toHaveLength(3);
    const server = fakeApi({ GET_CURRENT_ORDERS: { data_list: ORDERS.slice(1) } });
    act(() => void jest.advanceTimersByTime(ORDER_LIST_REFRESH_MS - 100));
    expect(server.of('GET_CURRENT_ORDERS')).toHaveLength(0);
    act(() => void jest.advanceTimersByTime(100));
    expect(server.of('GET_CURRENT_ORDERS')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /Track this order$/ })).toHaveLength(2),
    );
    expect(sessionStore.get(activeOrdersAtom)).toHaveLength(2);
  });

  it('says when there is none, with a way to order', async () => {
    fakeApi({ GET_CURRENT_ORDERS: { data_list: [] } });
    renderList();
    expect(await screen.findByText('You have no active orders.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order a taxi' })).toHaveAttribute('href', '/');
  });

  it('says when the list cannot be loaded, and retries', async () => {
    fakeApi({ GET_CURRENT_ORDERS: fail('ACCESS_DENIED') });
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The active orders could not be loaded. Access denied');
    fakeApi({ GET_CURRENT_ORDERS: { data_list: ORDERS } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('link', { name: /Track this order$/ })).toHaveLength(3);
  });

  it('speaks Polish', async () => {
    fakeApi({ GET_CURRENT_ORDERS: { data_list: ORDERS.slice(1, 2) } });
    renderList('pl');
    expect(screen.getByRole('heading', { name: 'Aktywne przejazdy' })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /Śledź to zamówienie$/ });
    expect(card).toHaveTextContent('Terminowe');
    expect(card).toHaveTextContent('Utworzone');
    expect(card).toHaveTextContent('Odbiór 2026-11-22 07:30');
  });
});
