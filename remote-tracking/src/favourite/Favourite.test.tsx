import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Answer, fail, fakeApi, renderScreen } from '@taxi/shared/testing';
import Receipt from '../receipt/Receipt';

const finished: Answer<'GET_RECEIPT'> = {
  state: 'Z',
  receipt: {
    order_short_id: 'ABCD2345',
    created: '2026-03-02 10:00:00',
    picked_up: '2026-03-02 10:07:00',
    ended: '2026-03-02 10:21:00',
    poi: { city: 'Kraków', street: 'Grodzka', number: '5' },
    dst: null,
    distance_m: null,
    price: 20,
    fare: null,
    cash_free: false,
    taxis: [
      { call_number: '17', brand: 'Toyota Prius', color: 'white', vehicle_registration: 'KR 1' },
    ],
  },
};

const favourite = (call_number: string) => ({
  call_number,
  brand: 'Toyota Prius',
  color: 'white',
  vehicle_registration: `KR ${call_number}`,
});

function renderReceipt(token: string | null, language: 'en' | 'pl' = 'en') {
  return renderScreen(<Receipt />, {
    path: '/receipt/ABCD2345/s3cret-p',
    routePath: '/receipt/:o/:p',
    token,
    language,
  });
}

afterEach(() => jest.restoreAllMocks());

describe('Receipt: ask for this taxi next time', () => {
  it('keeps the taxi for the signed-in passenger and says so; a second tap forgets it', async () => {
    const server = fakeApi({
      GET_RECEIPT: finished,
      GET_FAVOURITE_TAXIS: { data_list: [] },
      SAVE_FAVOURITE_TAXI: { favourite: favourite('17') },
      DELETE_FAVOURITE_TAXI: {},
    });
    renderReceipt('token-1');
    const ask = await screen.findByRole('button', { name: 'Ask for this taxi next time' });
    await waitFor(() => expect(ask).toBeEnabled());
    await userEvent.click(ask);
    expect(await screen.findByText('Taxi 17 will be asked for first next time.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(server.last('SAVE_FAVOURITE_TAXI')?.payload).toEqual({
      order_short_id: 'ABCD2345',
      call_number: '17',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Stop asking for taxi 17' }));
    expect(await screen.findByText('Taxi 17 is no longer a favourite.')).toBeInTheDocument();
    expect(server.last('DELETE_FAVOURITE_TAXI')?.payload).toEqual({ call_number: '17' });
  });

  it('is not offered without a sign-in (a shared receipt link)', async () => {
    const server = fakeApi({ GET_RECEIPT: finished });
    renderReceipt(null);
    await screen.findByRole('heading', { level: 1, name: 'Receipt' });
    expect(screen.queryByRole('button', { name: /taxi next time/ })).not.toBeInTheDocument();
    expect(server.actions()).not.toContain('GET_FAVOURITE_TAXIS');
  });

  it('says when the ride is another passenger’s, and when the favourites are full', async () => {
    fakeApi({
      GET_RECEIPT: finished,
      GET_FAVOURITE_TAXIS: { data_list: [] },
      SAVE_FAVOURITE_TAXI: fail('ORDER_ACCESS_DENIED'),
    });
    const { unmount } = renderReceipt('token-2');
    const ask = await screen.findByRole('button', { name: 'Ask for this taxi next time' });
    await waitFor(() => expect(ask).toBeEnabled());
    await userEvent.click(ask);
    expect(
      await screen.findByText('Only the passenger who ordered this ride can keep its taxi.'),
    ).toBeInTheDocument();
    unmount();
    jest.restoreAllMocks();

    fakeApi({
      GET_RECEIPT: finished,
      GET_FAVOURITE_TAXIS: { data_list: [favourite('1'), favourite('2'), favourite('3')] },
    });
    renderReceipt('token-2', 'pl');
    expect(await screen.findByText(/Możesz mieć najwyżej 3 ulubione taksówki/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /następnym razem/ })).not.toBeInTheDocument();
  });
});
