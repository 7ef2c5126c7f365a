import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  clientDataAtom,
  phoneAtom,
  preferencesAtom,
  sessionStore,
  type Settings,
} from '@taxi/shared';
import Profile from './Profile';
import { reloadPage } from './reloadPage';
import {
  type Answers,
  fail,
  fakeApi,
  offline,
  renderScreen,
  resetSession,
} from '@taxi/shared/testing';
import { landing } from '../testing/landing';

jest.mock('./reloadPage');

const CLIENT = {
  phone: '+48600100200',
  points: 120,
  count_discount_available: 2,
  discount: 10,
  cash_free: false,
};
const SWITCHES_ON: Partial<Settings> = {
  show_account: true,
  show_points: true,
  show_discount: true,
};

function server(handlers: Answers = {}) {
  return fakeApi({
    GET_CLIENT: { client_data: CLIENT },
    GET_PHONE: { phone: CLIENT.phone, phone_secret_verified: true },
    ...handlers,
  });
}

function renderProfile(settings: Partial<Settings> = SWITCHES_ON, language: 'en' | 'pl' = 'en') {
  return renderScreen(<Profile />, {
    path: '/settings/',
    token: 'client-token',
    settings,
    language,
    routes: [landing('/auth/', 'Auth page')],
  });
}

const region = (name: string) => screen.getByRole('region', { name });
const phoneRegion = () => screen.findByRole('region', { name: 'Phone number' });

beforeEach(resetSession);

describe('Profile', () => {
  it('shows the phone with +48 grouping, its state, the points and the discount', async () => {
    server();
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    const phone = await phoneRegion();
    expect(phone).toHaveTextContent('+48 600 100 200');
    expect(phone).toHaveTextContent('Verified');
    expect(
      within(phone).queryByRole('button', { name: 'Verify phone number' }),
    ).not.toBeInTheDocument();
    const benefits = region('Points and discounts');
    expect(within(benefits).getByText('Points').nextSibling).toHaveTextContent('120');
    expect(within(benefits).getByText('Discount').nextSibling).toHaveTextContent(
      '10 % off your next 2 rides',
    );
    expect(sessionStore.get(clientDataAtom)).toEqual(CLIENT);
  });

  it('shows each part only as the settings switches allow', async () => {
    server();
    renderProfile({ show_account: false, show_points: true, show_discount: false });
    expect(await screen.findByText('Points')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Phone number' })).not.toBeInTheDocument();
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();
  });

  it('leaves out points and discounts when both switches are off', async () => {
    server();
    renderProfile({ show_account: true, show_points: false, show_discount: false });
    await phoneRegion();
    expect(screen.queryByRole('region', { name: 'Points and discounts' })).not.toBeInTheDocument();
  });

  it('says when there is no discount left', async () => {
    server({ GET_CLIENT: { client_data: { ...CLIENT, count_discount_available: 0 } } });
    renderProfile();
    await phoneRegion();
    expect(region('Points and discounts')).toHaveTextContent('No discount at the moment');
  });

  it('shows the catalogue message when loading fails, and Retry loads again', async () => {
    let failing = true;
    server({
      GET_PHONE: () => (failing ? offline : { phone: CLIENT.phone, phone_secret_verified: true }),
    });
    const user = userEvent.setup();
    renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('Connection to server error');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await phoneRegion()).toHaveTextContent('+48 600 100 200');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    server();
    renderProfile(SWITCHES_ON, 'pl');
    expect(screen.getByRole('heading', { level: 1, name: 'Moje konto' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Numer telefonu' })).toHaveTextContent(
      'Zweryfikowany',
    );
    expect(screen.getByRole('region', { name: 'Punkty i rabaty' })).toHaveTextContent(
      '10 % zniżki na 2 najbliższe przejazdy',
    );
    expect(screen.getByRole('button', { name: 'Zmień numer telefonu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Usuń konto' })).toBeInTheDocument();
  });
});

describe('Profile: phone verification', () => {
  const unverified = { GET_PHONE: { phone: CLIENT.phone, phone_secret_verified: false } };

  it('an unverified phone gets a code, and a correct one verifies it and reloads the app', async () => {
    const api = server({
      ...unverified,
      GET_PHONE_SEND_SECRET: { phone: CLIENT.phone },
      SET_PHONE_SECRET: { phone: CLIENT.phone, phone_secret_verified: true },
    });
    const user = userEvent.setup();
    renderProfile();
    const phone = await phoneRegion();
    expect(phone).toHaveTextContent('Not verified');
    await user.click(within(phone).getByRole('button', { name: 'Verify phone number' }));
    expect(
      await screen.findByText('We sent a 6‑digit code to +48 600 100 200.'),
    ).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'SMS code' });
    expect(code).toHaveFocus();
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    await user.type(code, '654321{Enter}');
    expect(await within(phone).findByText('Verified')).toBeInTheDocument();
    expect(api.last('SET_PHONE_SECRET')?.sent).toMatchObject({
      secret: '654321',
      auth: 'client-token',
    });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('a wrong code leaves the phone unverified, with the message, and no reload', async () => {
    server({ ...unverified, GET_PHONE_SEND_SECRET: {}, SET_PHONE_SECRET: fail('ACCESS_DENIED') });
    const user = userEvent.setup();
    renderProfile();
    const phone = await phoneRegion();
    await user.click(within(phone).getByRole('button', { name: 'Verify phone number' }));
    await user.type(await screen.findByRole('textbox', { name: 'SMS code' }), '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied');
    expect(phone).toHaveTextContent('Not verified');
    expect(reloadPage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(phone).getByRole('button', { name: 'Verify phone number' })).toBeInTheDocument();
  });

  it('a code that cannot be sent shows the catalogue message', async () => {
    server({ ...unverified, GET_PHONE_SEND_SECRET: fail('ACTION_NOT_ALLOWED') });
    const user = userEvent.setup();
    renderProfile();
    const phone = await phoneRegion();
    await user.click(within(phone).getByRole('button', { name: 'Verify phone number' }));
    expect(await within(phone).findByRole('alert')).toHaveTextContent('Action not allowed');
    expect(within(phone).queryByRole('textbox', { name: 'SMS code' })).not.toBeInTheDocument();
  });
});

describe('Profile: change phone', () => {
  async function openChange(user: ReturnType<typeof userEvent.setup>) {
    const phone = await phoneRegion();
    await user.click(within(phone).getByRole('button', { name: 'Change phone number' }));
    return screen.findByRole('textbox', { name: 'New phone number' });
  }

  it('refuses the current number', async () => {
    const api = server();
    const user = userEvent.setup();
    renderProfile();
    const input = await openChange(user);
    expect(input).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    await user.type(input, '+48 600-100-200{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'New phone number is the same as the current one.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.actions()).not.toContain('CHANGE_PHONE_SEND_SECRET');
  });

  it('confirms, sends a code to the new number and switches to it', async () => {
    const api = server({
      CHANGE_PHONE_SEND_SECRET: { phone: '+48601200300' },
      CHANGE_PHONE: { phone: '+48601200300', phone_secret_verified: true },
    });
    const user = userEvent.setup();
    renderProfile();
    const input = await openChange(user);
    await user.type(input, '601 200 300');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Change phone number' });
    expect(dialog).toHaveTextContent('Change the phone number of your account to +48 601 200 300?');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('We sent a 6‑digit code to +48 601 200 300.'),
    ).toBeInTheDocument();
    expect(api.last('CHANGE_PHONE_SEND_SECRET')?.sent).toMatchObject({ phone: '+48601200300' });
    await user.type(screen.getByRole('textbox', { name: 'SMS code' }), '222333{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your phone number has been changed.',
    );
    expect(api.last('CHANGE_PHONE')?.sent).toMatchObject({
      phone: '+48601200300',
      secret: '222333',
    });
    expect(await phoneRegion()).toHaveTextContent('+48 601 200 300');
    expect(sessionStore.get(phoneAtom)).toBe('+48601200300');
  });

  it('Cancel in the confirmation goes back to the form and sends nothing', async () => {
    const api = server();
    const user = userEvent.setup();
    renderProfile();
    await user.type(await openChange(user), '601200300{Enter}');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New phone number' })).toHaveValue('601200300');
    expect(api.actions()).not.toContain('CHANGE_PHONE_SEND_SECRET');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'New phone number' })).not.toBeInTheDocument();
  });

  it('a number the server refuses shows the catalogue message on the form', async () => {
    server({ CHANGE_PHONE_SEND_SECRET: fail('ACTION_NOT_ALLOWED') });
    const user = userEvent.setup();
    renderProfile();
    await user.type(await openChange(user), '601200300{Enter}');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send code' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Action not allowed');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New phone number' })).toHaveValue('601200300');
  });

  it('a wrong code keeps the old number', async () => {
    server({ CHANGE_PHONE_SEND_SECRET: {}, CHANGE_PHONE: fail('ACCESS_DENIED') });
    const user = userEvent.setup();
    renderProfile();
    await user.type(await openChange(user), '601200300{Enter}');
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send code' }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'SMS code' }), '999999{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied');
    expect(await phoneRegion()).toHaveTextContent('+48 600 100 200');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'New phone number' })).toHaveValue('601200300');
  });
});

describe('Profile: display preferences', () => {
  it('text size starts at 125 % and writes font_scale', async () => {
    server();
    const user = userEvent.setup();
    renderProfile();
    const size = screen.getByRole('group', { name: 'Text size' });
    expect(
      within(size)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '1.25', '1.5']);
    expect(within(size).getByRole('radio', { name: '125\u00a0%' })).toBeChecked();
    await user.click(within(size).getByRole('radio', { name: '150\u00a0%' }));
    expect(sessionStore.get(preferencesAtom).font_scale).toBe(1.5);
    expect(JSON.parse(localStorage.getItem('preferences') ?? '{}')).toMatchObject({
      font_scale: 1.5,
    });
    await user.click(within(size).getByRole('radio', { name: '100\u00a0%' }));
    expect(sessionStore.get(preferencesAtom).font_scale).toBe(1);
  });

  it('dark mode is on by default and switches off', async () => {
    server();
    const user = userEvent.setup();
    renderProfile();
    const dark = screen.getByRole('switch', { name: 'Dark mode' });
    expect(dark).toBeChecked();
    await user.click(dark);
    expect(dark).not.toBeChecked();
    expect(sessionStore.get(preferencesAtom).dark_mode).toBe(false);
  });
});
