import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen } from '@taxi/shared/testing';
import {
  addDays,
  clientDataAtom,
  featuresAtom,
  localDate,
  sessionStore,
  type ClientData,
  type Settings,
} from '@taxi/shared';
import { draft, FEATURES, FLORIANSKA, resetOrdering, setDraft } from '../testing/order';
import OrderExpanded from './OrderExpanded';

const ALL_ON: Partial<Settings> = {
  show_info: true,
  show_password: true,
  show_taxi_count: true,
  show_features: true,
  show_cash_free: true,
  show_discount: true,
  show_timely: true,
};
const CLIENT: ClientData = {
  phone: '48600100200',
  points: 0,
  count_discount_available: 2,
  discount: 10,
  cash_free: true,
};

function renderExpanded(settings: Partial<Settings> = ALL_ON, client: ClientData | null = CLIENT) {
  act(() => {
    sessionStore.set(clientDataAtom, client);
    sessionStore.set(featuresAtom, FEATURES);
  });
  const user = userEvent.setup();
  const view = renderScreen(<OrderExpanded />, {
    settings,
    token: 't',
    path: '/order-expanded/',
    routes: [
      { path: '/', element: <p>Home page</p> },
      { path: '/summary/', element: <p>Summary page</p> },
    ],
  });
  return { user, ...view };
}

beforeEach(() => {
  resetOrdering();
  fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] } });
});
afterEach(() => jest.restoreAllMocks());

describe('address buttons', () => {
  it('are named by their visible text, label first (WCAG 2.5.3)', () => {
    setDraft({ poi: FLORIANSKA });
    renderExpanded({ ...ALL_ON, show_dst: true });
    const pickup = screen.getByRole('button', { name: /^Pickup / });
    expect(pickup).toHaveAccessibleName('Pickup Floriańska 1, Kraków');
    expect(pickup).toHaveTextContent('Pickup Floriańska 1, Kraków');
    const destination = screen.getByRole('button', { name: /^Destination / });
    expect(destination).toHaveAccessibleName(destination.textContent ?? '');
  });
});

describe('option visibility (settings)', () => {
  it('shows every option the settings enable', () => {
    renderExpanded();
    expect(screen.getByRole('heading', { level: 1, name: 'Order options' })).toBeInTheDocument();
    expect(screen.getByLabelText('Note for the driver')).toBeInTheDocument();
    expect(screen.getByLabelText('Individual password')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Number of taxis' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Taxi features' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Cash-free ride' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Use a discount/ })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'When' })).toBeInTheDocument();
  });

  it.each([
    ['show_info', () => screen.queryByLabelText('Note for the driver')],
    ['show_password', () => screen.queryByLabelText('Individual password')],
    ['show_taxi_count', () => screen.queryByRole('textbox', { name: 'Number of taxis' })],
    ['show_features', () => screen.queryByRole('region', { name: 'Taxi features' })],
    ['show_cash_free', () => screen.queryByRole('checkbox', { name: 'Cash-free ride' })],
    ['show_discount', () => screen.queryByRole('checkbox', { name: /Use a discount/ })],
    ['show_timely', () => screen.queryByRole('radiogroup', { name: 'When' })],
  ] as const)('hides the option when %s is off', (flag, find) => {
    renderExpanded({ ...ALL_ON, [flag]: false });
    expect(find()).not.toBeInTheDocument();
  });

  it('hides cash-free when the client data does not allow it', () => {
    renderExpanded(ALL_ON, { ...CLIENT, cash_free: false });
    expect(screen.queryByRole('checkbox', { name: 'Cash-free ride' })).not.toBeInTheDocument();
  });

  it('hides the discount without one, or with none left', () => {
    const { unmount } = renderExpanded(ALL_ON, { ...CLIENT, discount: 0 });
    expect(screen.queryByRole('checkbox', { name: /Use a discount/ })).not.toBeInTheDocument();
    unmount();
    renderExpanded(ALL_ON, { ...CLIENT, count_discount_available: 0 });
    expect(screen.queryByRole('checkbox', { name: /Use a discount/ })).not.toBeInTheDocument();
  });
});

describe('taxi count', () => {
  it('is read-only and moves between 1 and 5 with plus and minus', async () => {
    const { user } = renderExpanded();
    const count = screen.getByRole('textbox', { name: 'Number of taxis' });
    const fewer = screen.getByRole('button', { name: 'One taxi fewer' });
    const more = screen.getByRole('button', { name: 'One taxi more' });
    expect(count).toHaveAttribute('readonly');
    expect(count).toHaveValue('1');
    expect(fewer).toBeDisabled();
    for (let i = 0; i < 6; i++) if (!more.hasAttribute('disabled')) await user.click(more);
    expect(count).toHaveValue('5');
    expect(more).toBeDisabled();
    expect(draft().taxi_count).toBe(5);
    await user.click(fewer);
    expect(draft().taxi_count).toBe(4);
  });
});

describe('features', () => {
  it('lists the features by category with their surcharges, and keeps the choice', async () => {
    const { user } = renderExpanded();
    const vehicle = screen.getByRole('group', { name: 'Vehicle' });
    const estate = within(vehicle).getByRole('checkbox', { name: /Estate car/ });
    expect(
      within(vehicle).getByLabelText(/surcharge 5,00 zł, at night and on holidays 7,00 zł/),
    ).toBeInTheDocument();
    const extras = screen.getByRole('group', { name: 'Extras' });
    expect(within(extras).getByRole('checkbox', { name: 'Child seat' })).toBeInTheDocument();
    // The same price day and night is said once.
    expect(within(extras).getByLabelText('surcharge 10,00 zł')).toHaveTextContent(/^\+10,00 zł$/);
    await user.click(estate);
    expect(draft().taxi_features_list).toEqual([1]);
    await user.click(estate);
    expect(draft().taxi_features_list).toEqual([]);
  });
});

describe('note, password, perks', () => {
  it('keeps the note, the password, cash-free and discount in the draft', async () => {
    const { user } = renderExpanded();
    await user.type(screen.getByLabelText('Note for the driver'), 'gate 2');
    await user.type(screen.getByLabelText('Individual password'), 'zebra');
    await user.click(screen.getByRole('checkbox', { name: 'Cash-free ride' }));
    await user.click(screen.getByRole('checkbox', { name: 'Use a discount (10%, 2 left)' }));
    expect(draft()).toMatchObject({
      info: 'gate 2',
      passwd: 'zebra',
      cash_free: true,
      discount: true,
    });
  });
});

describe('timed order (spec sections 4 and 5)', () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const hhmm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

  async function schedule(user: ReturnType<typeof userEvent.setup>, when: Date) {
    await user.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    const date = screen.getByLabelText('Date');
    expect(date).toHaveAttribute('min', localDate(new Date()));
    await user.clear(date);
    await user.type(date, localDate(when));
    const time = screen.getByLabelText('Time');
    await user.clear(time);
    await user.type(time, hhmm(when));
    await user.click(screen.getByRole('button', { name: 'Set time' }));
  }

  it('shows the advance in minutes', async () => {
    const { user } = renderExpanded();
    await user.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    expect(screen.getByText('At least 90 min from now.')).toBeInTheDocument();
  });

  it('refuses a time before now with client.features.wrong_date and resets the fields', async () => {
    const { user } = renderExpanded();
    const past = new Date(now.getTime() - 24 * 3600_000);
    await schedule(user, past);
    const alert = screen.getByRole('alertdialog');
    expect(alert).toHaveTextContent('Date cannot be earlier than the current one.');
    expect(screen.getByLabelText('Date')).not.toHaveValue(localDate(past));
    expect(draft()).toMatchObject({ order_type: 'Z', date_time: null });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks for a later time when it is not beyond now plus the advance', async () => {
    const { user } = renderExpanded();
    await schedule(user, new Date(now.getTime() + 30 * 60_000));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Please select further pickup time or order taxi for now.',
    );
    expect(draft().order_type).toBe('Z');
  });

  it('makes the order type T with a valid time, and Z again for now', async () => {
    const { user } = renderExpanded();
    const later = new Date(now.getTime() + 3 * 3600_000);
    await schedule(user, later);
    expect(draft().order_type).toBe('T');
    expect(draft().date_time).toBe(`${localDate(later)} ${hhmm(later)}:00`);
    expect(draft().advance).toBe(5400);
    expect(screen.getByRole('status')).toHaveTextContent(
      `Scheduled for ${localDate(later)} ${hhmm(later)}`,
    );
    await user.click(screen.getByRole('button', { name: 'Order for now' }));
    expect(draft()).toMatchObject({ order_type: 'Z', date_time: null });
  });

  it('sets up a subscription and checks its dates', async () => {
    const { user } = renderExpanded();
    await user.click(screen.getByRole('radio', { name: 'Subscription' }));
    expect(draft().order_type).toBe('R');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one day of the week.');
    expect(screen.getByRole('button', { name: 'Order' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Mon' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const start = screen.getByLabelText('First day');
    await user.clear(start);
    await user.type(start, localDate(now));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A subscription starts tomorrow at the earliest.',
    );
    await user.click(screen.getByRole('radio', { name: 'Now' }));
    expect(draft().order_type).toBe('Z');
  });
});

describe('subscriptions are not edited', () => {
  it('holds a subscription carried by an older draft with an id to the rules of a new one', async () => {
    const day = (offset: number) => localDate(addDays(new Date(), offset));
    setDraft({
      id: 77,
      poi: FLORIANSKA,
      order_type: 'R',
      repeated_start: day(10),
      repeated_stop: day(20),
      repeated_time_hour: 8,
      repeated_time_minute: 0,
      repeated_monday: true,
    });
    const { user } = renderExpanded();
    const start = screen.getByLabelText('First day');
    expect(start).toHaveAttribute('min', day(1));
    await user.clear(start);
    await user.type(start, day(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order' })).toBeEnabled();
  });
});

describe('navigation', () => {
  it('disables Order until the pickup is valid, then goes to the summary', async () => {
    const { user, unmount } = renderExpanded();
    expect(screen.getByRole('button', { name: 'Order' })).toBeDisabled();
    unmount();
    setDraft({ poi: FLORIANSKA });
    renderExpanded();
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Summary page')).toBeInTheDocument();
  });

  it('goes back Home', async () => {
    const { user } = renderExpanded();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});

describe('ride for someone else', () => {
  it("takes a valid mobile number, as the login phone is checked, and the rider's name if given", async () => {
    setDraft({ poi: FLORIANSKA });
    const { user } = renderExpanded();
    const order = screen.getByRole('button', { name: 'Order' });
    await user.click(screen.getByRole('checkbox', { name: 'Ride for someone else' }));
    const phone = await screen.findByRole('textbox', { name: "Rider's phone" });
    const name = screen.getByRole('textbox', { name: "Rider's name (optional)" });
    expect(name).not.toBeRequired();
    expect(order).toBeDisabled();
    await user.type(phone, '602 000 101');
    expect(order).toBeEnabled();
    await user.clear(phone);
    await user.type(name, 'Anna');
    await user.type(phone, '123 456');
    expect(order).toBeDisabled();
    await user.type(phone, '789');
    expect(screen.getByRole('alert')).toHaveTextContent('This is not a valid mobile number.');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.clear(phone);
    await user.type(phone, '602 000 101');
    expect(phone).toHaveAttribute('aria-invalid', 'false');
    expect(draft()).toMatchObject({ phone: '+48602000101', rider_name: 'Anna' });
    expect(order).toBeEnabled();
    await user.click(order);
    expect(await screen.findByText('Summary page')).toBeInTheDocument();
  });

  it('forgets the rider when the passenger rides after all', async () => {
    setDraft({ poi: FLORIANSKA, phone: '+48602000101', rider_name: 'Anna' });
    const { user } = renderExpanded();
    const rider = screen.getByRole('checkbox', { name: 'Ride for someone else' });
    expect(rider).toBeChecked();
    expect(await screen.findByRole('textbox', { name: "Rider's phone" })).toHaveValue(
      '+48 602 000 101',
    );
    await user.click(rider);
    expect(screen.queryByRole('textbox', { name: "Rider's phone" })).not.toBeInTheDocument();
    expect(draft()).toMatchObject({ phone: '', rider_name: '' });
    expect(screen.getByRole('button', { name: 'Order' })).toBeEnabled();
  });
});
