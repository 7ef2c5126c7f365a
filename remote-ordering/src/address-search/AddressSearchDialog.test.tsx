import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Answer,
  deferred,
  fail,
  fakeApi,
  offContract,
  renderScreen,
  type Reply,
} from '@taxi/shared/testing';
import type { AddressPoint } from '@taxi/shared';
import { resetOrdering } from '../testing/order';
import { AddressSearchDialog } from './AddressSearchDialog';
import { forgetRecentAddresses } from './recent';

const RESULTS = [
  {
    id: '1',
    lat: 50.0777,
    lng: 19.7848,
    quality: 'poi',
    name: 'Kraków Airport',
    city: 'Balice',
    kind: 'airport',
  },
  {
    id: '2',
    lat: 50.0625,
    lng: 19.9397,
    quality: 'house',
    street: 'Floriańska',
    number: '1',
    city: 'Kraków',
  },
  {
    id: '3',
    lat: 50.06,
    lng: 19.93,
    quality: 'poi',
    name: 'Hotel Pod Różą',
    city: 'Kraków',
    kind: 'hotel',
  },
] satisfies Reply<'POI_QUERY'>['data_list'];

const HISTORY = {
  history: [
    {
      id: 9,
      date_time: '2026-05-01 10:00:00',
      poi: { lat: 50.05, lng: 19.94, city: 'Kraków', street: 'Starowiślna', number: '10' },
      dst: { lat: 50.07, lng: 19.78, city: 'Balice', poi_name: 'Kraków Airport' },
    },
  ],
};

async function open(onPick = jest.fn(), onClose = jest.fn()) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderScreen(<AddressSearchDialog target="pickup" onPick={onPick} onClose={onClose} />, {
    token: 't',
  });
  await act(async () => undefined);
  return { user, onPick, onClose, input: screen.getByRole('combobox', { name: 'Search address' }) };
}

beforeEach(() => {
  jest.useFakeTimers();
  resetOrdering();
  forgetRecentAddresses();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('address search dialog', () => {
  it('is a labelled combobox with a listbox, focused when it opens', async () => {
    fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] } });
    const { input } = await open();
    expect(screen.getByRole('dialog', { name: 'Pickup address' })).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
  });

  it('offers the recent addresses before anything is typed', async () => {
    fakeApi({ GET_CLIENT_ORDER_HISTORY: HISTORY });
    await open();
    const list = await screen.findByRole('listbox', { name: 'Recent addresses' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Starowiślna 10, Kraków',
      'Kraków Airport, Balice',
    ]);
  });

  it('does not search under 3 characters', async () => {
    const api = fakeApi({
      GET_CLIENT_ORDER_HISTORY: { history: [] },
      POI_QUERY: offContract({ result: RESULTS }),
    });
    const { user, input } = await open();
    await user.type(input, 'Fl');
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(api.of('POI_QUERY')).toHaveLength(0);
  });

  it('searches once, 500 ms after typing stops, with the whole text', async () => {
    const api = fakeApi({
      GET_CLIENT_ORDER_HISTORY: { history: [] },
      POI_QUERY: offContract({ result: RESULTS }),
    });
    const { user, input } = await open();
    await user.type(input, 'Flo');
    await act(() => jest.advanceTimersByTimeAsync(300));
    await user.type(input, 'r');
    await act(() => jest.advanceTimersByTimeAsync(499));
    expect(api.of('POI_QUERY')).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(api.of('POI_QUERY')).toHaveLength(1);
    expect(api.of('POI_QUERY')[0]!.payload.query).toBe('Flor');
    expect(await screen.findByRole('status')).toHaveTextContent('3 addresses found');
  });

  it('shows each result with its kind, from result or data_list', async () => {
    fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] }, POI_QUERY: { data_list: RESULTS } });
    const { user, input } = await open();
    await user.type(input, 'Kra');
    await act(() => jest.advanceTimersByTimeAsync(500));
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('Kraków Airport');
    expect(options[0]).toHaveTextContent('Airport');
    expect(options[1]).toHaveTextContent('Floriańska 1');
    expect(options[2]).toHaveTextContent('Hotel');
  });

  it('names a kind it has no word for as a place, never in raw OpenStreetMap terms', async () => {
    fakeApi({
      GET_CLIENT_ORDER_HISTORY: { history: [] },
      POI_QUERY: {
        data_list: [
          { ...RESULTS[0], id: '4', name: 'Casino de Monte Carlo', kind: 'casino' },
          { ...RESULTS[0], id: '5', name: 'Station Shell', kind: 'parking;fuel' },
        ],
      },
    });
    const { user, input } = await open();
    await user.type(input, 'Cas');
    await act(() => jest.advanceTimersByTimeAsync(500));
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('Casino');
    expect(options[1]).toHaveTextContent(/Place/);
    expect(options[1]).not.toHaveTextContent(/fuel/);
  });

  it('picks the first result with Enter', async () => {
    fakeApi({
      GET_CLIENT_ORDER_HISTORY: { history: [] },
      POI_QUERY: offContract({ result: RESULTS }),
    });
    const { user, input, onPick } = await open();
    await user.type(input, 'Kra');
    await act(() => jest.advanceTimersByTimeAsync(500));
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining<Partial<AddressPoint>>({ poi_name: 'Kraków Airport', lat: 50.0777 }),
    );
  });

  it('moves through the results with the arrow keys and picks the highlighted one', async () => {
    fakeApi({
      GET_CLIENT_ORDER_HISTORY: { history: [] },
      POI_QUERY: offContract({ result: RESULTS }),
    });
    const { user, input, onPick } = await open();
    await user.type(input, 'Kra');
    await act(() => jest.advanceTimersByTimeAsync(500));
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({ street: 'Floriańska', number: '1' }),
    );
  });

  it('drops the reply to an older query', async () => {
    const older = deferred<Answer<'POI_QUERY'>>();
    const api = fakeApi({
      GET_CLIENT_ORDER_HISTORY: { history: [] },
      POI_QUERY: (payload) =>
        payload.query === 'Kra' ? older.promise : offContract({ result: [RESULTS[1]] }),
    });
    const { user, input } = await open();
    await user.type(input, 'Kra');
    await act(() => jest.advanceTimersByTimeAsync(500));
    await user.type(input, 'k');
    await act(() => jest.advanceTimersByTimeAsync(500));
    await act(async () => older.resolve(offContract({ result: RESULTS })));
    expect(api.of('POI_QUERY')).toHaveLength(2);
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('lets the typed text be used when the search fails', async () => {
    fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] }, POI_QUERY: fail('CONNECTION_ERROR') });
    const { user, input, onPick } = await open();
    await user.type(input, 'Długa 5');
    await act(() => jest.advanceTimersByTimeAsync(500));
    expect(
      await screen.findByText('Address search is not available right now.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Use “Długa 5”/ }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ street: 'Długa 5', lat: null }));
  });

  it('closes with Escape', async () => {
    fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] } });
    const { user, onClose } = await open();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
