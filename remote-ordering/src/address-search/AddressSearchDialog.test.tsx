import { act, screen, waitFor, within } from '@testing-library/react';
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
import type { AddressPoint, SavedPlace, SavedPlaceInput } from '@taxi/shared';
import { forgetPlaces } from '../places/usePlaces';
import { FLORIANSKA, point, resetOrdering } from '../testing/order';
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

/** Lets the fake server answer and the screen take the answer in. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(10));

async function open(onPick = jest.fn(), onClose = jest.fn()) {
  // No pause between events: a reply is taken in by act (settle), not while the click ends.
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });
  renderScreen(<AddressSearchDialog target="pickup" onPick={onPick} onClose={onClose} />, {
    token: 't',
  });
  // The recent addresses and the saved places arrive.
  await settle();
  return { user, onPick, onClose, input: screen.getByRole('combobox', { name: 'Search address' }) };
}

beforeEach(() => {
  jest.useFakeTimers();
  resetOrdering();
  forgetRecentAddresses();
  forgetPlaces();
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
    // The only group names the list.
    const list = await screen.findByRole('listbox', { name: 'Recent addresses' });
    expect(within(list).getByRole('group', { name: 'Recent addresses' })).toBeInTheDocument();
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

const HOME: SavedPlace = { id: 1, kind: 'home', name: '', point: FLORIANSKA };
const GYM: SavedPlace = {
  id: 2,
  kind: 'other',
  name: 'Gym',
  point: point({ lat: 50.07, lng: 19.95, city: 'Kraków', street: 'Długa', number: '5' }),
};

/** The server's side of saved places: a list that SAVE_PLACE and DELETE_PLACE change. */
function placesServer(initial: SavedPlace[]) {
  let places = [...initial];
  let next = 10;
  return {
    places: () => places,
    answers: {
      GET_SAVED_PLACES: () => ({ data_list: places }),
      SAVE_PLACE: ({ place }: { place: SavedPlaceInput }) => {
        const saved = { ...place, id: place.id ?? next++ } as SavedPlace;
        places = [...places.filter((p) => p.id !== saved.id), saved];
        return { place: saved };
      },
      DELETE_PLACE: ({ place_id }: { place_id: number }) => {
        places = places.filter((p) => p.id !== place_id);
        return {};
      },
    },
  };
}

describe('address search dialog: saved places', () => {
  it('offers the saved places first, before the recent addresses, and picks one', async () => {
    fakeApi({ GET_CLIENT_ORDER_HISTORY: HISTORY, ...placesServer([HOME, GYM]).answers });
    const { onPick } = await open();
    const list = screen.getByRole('listbox', { name: 'Saved and recent addresses' });
    const groups = within(list).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && g.textContent)).toEqual([
      expect.stringMatching(/^Saved places/),
      expect.stringMatching(/^Recent addresses/),
    ]);
    const saved = within(groups[0]!).getAllByRole('option');
    expect(saved.map((o) => o.textContent)).toEqual([
      '⌂ HomeFloriańska 1, Kraków',
      '★ GymDługa 5, Kraków',
    ]);
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(saved[0]!);
    expect(onPick).toHaveBeenCalledWith(FLORIANSKA);
  });

  it('saves a search result as Home, which then comes first', async () => {
    const server = placesServer([]);
    const api = fakeApi({
      GET_CLIENT_ORDER_HISTORY: { history: [] },
      POI_QUERY: offContract({ result: RESULTS }),
      ...server.answers,
    });
    const { user, input, onPick } = await open();
    await user.click(screen.getByRole('button', { name: 'Save a place' }));
    expect(screen.getByText('Search for the address to save, or choose one below.')).toBeVisible();
    await user.type(input, 'Kra');
    await act(() => jest.advanceTimersByTimeAsync(500));
    await user.click(await screen.findByRole('option', { name: /Kraków Airport/ }));
    const dialog = screen.getByRole('dialog', { name: 'Save place' });
    // Focus moves into the dialog; Home is offered first while there is none.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByRole('radio', { name: 'Home' })).toBeChecked();
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved: Home'));
    expect(api.last('SAVE_PLACE')!.payload.place).toEqual({
      id: null,
      kind: 'home',
      name: '',
      point: expect.objectContaining({ poi_name: 'Kraków Airport', lat: 50.0777, lng: 19.7848 }),
    });
    expect(screen.queryByRole('dialog', { name: 'Save place' })).not.toBeInTheDocument();
    const saved = within(screen.getByRole('group', { name: 'Saved places' })).getAllByRole(
      'option',
    );
    expect(saved[0]).toHaveTextContent(/^⌂ HomeKraków Airport/);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('saves the pickup pin, and a named place needs its name', async () => {
    const server = placesServer([HOME]);
    const api = fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] }, ...server.answers });
    const { setDraft } = await import('../testing/order');
    setDraft({ poi: GYM.point });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Save a place' }));
    await user.click(screen.getByRole('option', { name: /Pickup on the map/ }));
    const dialog = screen.getByRole('dialog', { name: 'Save place' });
    await user.click(within(dialog).getByRole('radio', { name: 'Other place' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the place a name.');
    expect(api.of('SAVE_PLACE')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Siłownia ');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved: Siłownia'));
    expect(api.last('SAVE_PLACE')!.payload.place).toMatchObject({
      kind: 'other',
      name: 'Siłownia',
      point: GYM.point,
    });
    expect(server.places().map((p) => p.name)).toEqual(['', 'Siłownia']);
  });

  it('says why the server refused a save and keeps what was typed', async () => {
    fakeApi({
      GET_CLIENT_ORDER_HISTORY: { history: [] },
      POI_QUERY: offContract({ result: RESULTS }),
      GET_SAVED_PLACES: { data_list: [HOME] },
      SAVE_PLACE: fail('ACTION_NOT_ALLOWED'),
    });
    const { user, input } = await open();
    await user.click(screen.getByRole('button', { name: 'Save a place' }));
    await user.type(input, 'Kra');
    await act(() => jest.advanceTimersByTimeAsync(500));
    await user.click(await screen.findByRole('option', { name: /Floriańska/ }));
    const dialog = screen.getByRole('dialog', { name: 'Save place' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), 'Biuro');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Could not save: /);
    expect(within(dialog).getByRole('textbox', { name: 'Name (optional)' })).toHaveValue('Biuro');
  });

  it('renames a place and deletes it only after the confirmation, focus going back each time', async () => {
    const server = placesServer([HOME, GYM]);
    const api = fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] }, ...server.answers });
    const { user } = await open();
    const edit = screen.getByRole('button', { name: 'Edit saved places' });
    await user.click(edit);
    const manager = screen.getByRole('dialog', { name: 'Saved places' });
    await user.click(within(manager).getByRole('button', { name: 'Rename: Gym' }));
    const rename = screen.getByRole('dialog', { name: 'Rename place' });
    const name = within(rename).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Gym');
    await user.clear(name);
    await user.type(name, 'Basen');
    await act(() => user.click(within(rename).getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(within(manager).getByRole('status')).toHaveTextContent('Saved: Basen'),
    );
    expect(api.last('SAVE_PLACE')!.payload.place).toEqual({
      id: 2,
      kind: 'other',
      name: 'Basen',
      point: GYM.point,
    });
    expect(within(manager).getByRole('status')).toHaveTextContent('Saved: Basen');

    const remove = within(manager).getByRole('button', { name: 'Delete: Basen' });
    await user.click(remove);
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to delete this address?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.of('DELETE_PLACE')).toHaveLength(0);
    expect(remove).toHaveFocus();
    await user.click(remove);
    await act(() =>
      user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
    );
    await waitFor(() =>
      expect(within(manager).getByRole('status')).toHaveTextContent('Deleted: Basen'),
    );
    expect(api.last('DELETE_PLACE')!.payload).toEqual({ place_id: 2 });
    expect(
      within(manager).queryByRole('button', { name: 'Delete: Basen' }),
    ).not.toBeInTheDocument();
    await user.click(within(manager).getByRole('button', { name: 'Done' }));
    expect(edit).toHaveFocus();
    expect(
      within(screen.getByRole('group', { name: 'Saved places' })).getAllByRole('option'),
    ).toHaveLength(1);
  });

  it('reads the places in Polish', async () => {
    fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] }, ...placesServer([HOME]).answers });
    renderScreen(<AddressSearchDialog target="pickup" onPick={jest.fn()} onClose={jest.fn()} />, {
      token: 't',
      language: 'pl',
    });
    await act(async () => undefined);
    expect(screen.getByRole('group', { name: 'Zapisane miejsca' })).toHaveTextContent('Dom');
    expect(screen.getByRole('button', { name: 'Zapisz miejsce' })).toBeEnabled();
  });
});
