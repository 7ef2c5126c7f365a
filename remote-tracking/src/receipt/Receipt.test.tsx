import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Answer,
  deferred,
  fail,
  fakeApi,
  renderScreen,
  type ScreenOptions,
} from '@taxi/shared/testing';
import Receipt from './Receipt';

const RECEIPT_URL = '/receipt/ABCD2345/s3cret-p';

const finished: Answer<'GET_RECEIPT'> = {
  state: 'Z',
  receipt: {
    order_short_id: 'ABCD2345',
    created: '2026-03-02 10:00:00',
    picked_up: '2026-03-02 10:07:00',
    ended: '2026-03-02 10:21:00',
    poi: { city: 'Kraków', street: 'Grodzka', number: '5' },
    dst: { city: 'Kraków', street: 'Basztowa', number: '1' },
    distance_m: 4_260,
    price: 33.28,
    fare: {
      tariff: 't1',
      start_fee: 10,
      distance_km: 4.3,
      per_km: 3,
      distance_charge: 12.78,
      duration_min: 9,
      per_minute: 0.5,
      time_charge: 4.5,
      minimum_price: 0,
      minimum_top_up: 0,
      surcharges: [{ name: 'Estate car', amount: 5 }],
      taxi_count: 1,
      tariff_price: 32.28,
      adjustment: 1,
    },
    cash_free: true,
    taxis: [
      {
        call_number: '17',
        brand: 'Toyota Prius',
        color: 'white',
        vehicle_registration: 'KR 12345',
      },
    ],
  },
};

const legal = {
  corp: 'Test Taxi',
  self_name: 'Test Taxi sp. z o.o.',
  self_name_en: 'Test Taxi Ltd.',
  gdpr_admin: 'Test Taxi sp. z o.o., ul. Przykładowa 12, 30-001 Kraków',
  self_email: 'kontakt@test.example',
};

function renderReceipt(options: ScreenOptions = {}) {
  return renderScreen(<Receipt />, {
    path: RECEIPT_URL,
    routePath: '/receipt/:o/:p',
    routes: [{ path: '/t/:o/:p', element: <h1>Track screen</h1> }],
    settings: legal,
    ...options,
  });
}

/** The value beside a label of the receipt's facts. */
function fact(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

/** The amount on a row of the fare. */
function fareRow(label: string | RegExp) {
  return within(screen.getByRole('row', { name: label })).getByRole('cell').textContent;
}

afterEach(() => jest.restoreAllMocks());

describe('Receipt', () => {
  it("asks the server with the link's short id and secret, waiting with a spinner", async () => {
    const pending = deferred<Answer<'GET_RECEIPT'>>();
    const server = fakeApi({ GET_RECEIPT: () => pending.promise });
    renderReceipt();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the receipt');
    pending.resolve(finished);
    expect(await screen.findByRole('heading', { name: 'Receipt', level: 1 })).toBeInTheDocument();
    expect(server.of('GET_RECEIPT')[0]?.payload).toEqual({
      order_short_id: 'ABCD2345',
      secret: 's3cret-p',
    });
  });

  it("shows the server's final price with the tariff's parts, the ride, the car, the payment and the seller", async () => {
    fakeApi({ GET_RECEIPT: finished });
    renderReceipt();
    await screen.findByRole('heading', { name: 'Receipt', level: 1 });
    expect(screen.getByText('Order ABCD2345')).toBeInTheDocument();
    expect(screen.getByText('Test Taxi Ltd.')).toBeInTheDocument();
    expect(fact('Registered details')).toBe(legal.gdpr_admin);
    expect(fact('E-mail')).toBe('kontakt@test.example');
    expect(fact('Date')).toBe('2026-03-02');
    expect(fact('Ordered')).toBe('10:00');
    expect(fact('Picked up')).toBe('10:07');
    expect(fact('Ride ended')).toBe('10:21');
    expect(fact('From')).toContain('Grodzka 5');
    expect(fact('To')).toContain('Basztowa 1');
    expect(fact('Distance')).toBe('4,3 km');
    expect(fact('Vehicle')).toContain('Toyota Prius, white');
    expect(fact('Vehicle')).toContain('Registration: KR 12345');
    expect(fact('Payment')).toBe('Cash-free');
    expect(fareRow('Tariff T1 (day)')).toBe('T1 (day)');
    expect(fareRow(/^Start fee/)).toBe('10,00\u00a0zł');
    expect(fareRow(/^Distance: 4,3 km × 3,00\u00a0zł\/km/)).toBe('12,78\u00a0zł');
    expect(fareRow(/^Time: 9 min × 0,50\u00a0zł\/min/)).toBe('4,50\u00a0zł');
    expect(fareRow(/^Surcharge: Estate car/)).toBe('5,00\u00a0zł');
    expect(fareRow(/^Driver's adjustment/)).toBe('1,00\u00a0zł');
    expect(fareRow(/^Total/)).toBe('33,28\u00a0zł');
    expect(screen.queryByRole('row', { name: /minimum/ })).not.toBeInTheDocument();
  });

  it("reads Polish, with the seller's Polish name and cash", async () => {
    fakeApi({
      GET_RECEIPT: { ...finished, receipt: { ...finished.receipt!, cash_free: false } },
    });
    renderReceipt({ language: 'pl' });
    expect(await screen.findByRole('heading', { name: 'Paragon', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Test Taxi sp. z o.o.')).toBeInTheDocument();
    expect(fact('Płatność')).toBe('Gotówka');
    expect(fact('Dystans')).toBe('4,3 km');
    expect(fareRow(/^Razem/)).toBe('33,28\u00a0zł');
    expect(screen.getByRole('button', { name: 'Drukuj' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Udostępnij paragon/ })).toBeInTheDocument();
  });

  it('prints with the browser and shares its own link', async () => {
    fakeApi({ GET_RECEIPT: finished });
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderReceipt();
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: /Share receipt/ }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${RECEIPT_URL}`);
    expect(await screen.findByText(/Anyone with it can read the receipt/)).toBeInTheDocument();
  });

  it('a ride not finished yet says so and leads to the ride', async () => {
    fakeApi({ GET_RECEIPT: { state: 'T', receipt: null } });
    const { history } = renderReceipt();
    expect(await screen.findByRole('heading', { name: 'No receipt yet' })).toBeInTheDocument();
    expect(screen.getByText('A receipt is issued once the ride is finished.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the ride' }));
    expect(history.location.pathname).toBe('/t/ABCD2345/s3cret-p');
  });

  it('a cancelled ride has none', async () => {
    fakeApi({ GET_RECEIPT: { state: 'A', receipt: null } });
    renderReceipt();
    expect(await screen.findByRole('heading', { name: 'No receipt' })).toBeInTheDocument();
    expect(screen.getByText('Rides that did not take place have no receipt.')).toBeInTheDocument();
  });

  it('a wrong secret is Order not found, with no figures', async () => {
    fakeApi({ GET_RECEIPT: fail('ORDER_ACCESS_DENIED') });
    renderReceipt();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a ride without a recorded fare says so instead of a total', async () => {
    fakeApi({
      GET_RECEIPT: { ...finished, receipt: { ...finished.receipt!, price: null, fare: null } },
    });
    renderReceipt();
    expect(await screen.findByText('No fare was recorded for this ride.')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Total/ })).not.toBeInTheDocument();
  });
});
