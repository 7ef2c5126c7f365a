import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  clientDataAtom,
  featuresAtom,
  phoneAtom,
  sessionStore,
  tokenAtom,
  tokenCheckAtom,
} from '@taxi/shared';
import Auth from './Auth';
import {
  fail,
  failUnlisted,
  fakeApi,
  offline,
  renderScreen,
  resetSession,
} from '@taxi/shared/testing';
import { landing } from '../testing/landing';

const AUTH_REPLY = {
  auth: 'new-token',
  taxi_features: [{ id: 1, name: 'Estate car', category_id: 1 }],
  taxi_feature_category_list: [{ id: 1, name: 'Vehicle' }],
};
const CLIENT = {
  phone: '+48600100200',
  points: 3,
  count_discount_available: 0,
  discount: 0,
  cash_free: false,
};

function renderAuth(options: Parameters<typeof renderScreen>[1] = {}) {
  return renderScreen(<Auth />, {
    path: '/auth/',
    routes: [
      landing('/', 'Home page'),
      landing('/regulations/', 'Regulations page'),
      landing('/privacy-policy/', 'Privacy page'),
    ],
    ...options,
  });
}

const consent = () =>
  screen.getByRole('checkbox', { name: 'I accept the regulations and the privacy policy' });
const next = () => screen.getByRole('button', { name: 'Next' });
/** Next cannot go on: it says so (aria-disabled) and stays focusable, to tell why when tried. */
const nextIsOff = () => expect(next()).toHaveAttribute('aria-disabled', 'true');
const nextIsOn = () => expect(next()).not.toHaveAttribute('aria-disabled');
const phoneInput = () => screen.findByRole('textbox', { name: 'Phone number' });
const sendCode = () => screen.getByRole('button', { name: 'Send code' });
const codeInput = () => screen.getByRole('textbox', { name: 'SMS code' });
const ok = () => screen.getByRole('button', { name: 'OK' });

async function toPhoneStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(consent());
  await user.click(next());
  return phoneInput();
}

async function toCodeStep(user: ReturnType<typeof userEvent.setup>, number = '600 100 200') {
  await user.type(await toPhoneStep(user), number);
  await user.click(sendCode());
  await screen.findByRole('textbox', { name: 'SMS code' });
}

beforeEach(resetSession);

describe('Auth, step 1: consent', () => {
  it('goes on only once the regulations and the privacy policy are accepted', async () => {
    const user = userEvent.setup();
    renderAuth();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    nextIsOff();
    await user.click(consent());
    nextIsOn();
    await user.click(consent());
    nextIsOff();
    await user.click(consent());
    await user.click(next());
    expect(await phoneInput()).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('says to accept the statement when Next is tried without consent, announced and describing Next', async () => {
    const user = userEvent.setup();
    renderAuth();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(next());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please accept the statement.');
    expect(next()).toHaveAccessibleDescription('Please accept the statement.');
    expect(consent()).toHaveAccessibleDescription('Please accept the statement.');
    expect(consent()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    // Accepted, the message goes and Next goes on.
    await user.click(consent());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(next());
    expect(await phoneInput()).toBeInTheDocument();
  });

  it('says it in Polish too', async () => {
    const user = userEvent.setup();
    renderAuth({ language: 'pl' });
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Zaakceptuj oświadczenie.');
  });

  it('links the regulations and the privacy policy, which open those pages', async () => {
    const user = userEvent.setup();
    renderAuth();
    expect(screen.getByRole('link', { name: 'Regulations' })).toHaveAttribute(
      'href',
      '/regulations/',
    );
    await user.click(screen.getByRole('link', { name: 'Privacy policy' }));
    expect(screen.getByRole('heading', { name: 'Privacy page' })).toBeInTheDocument();
  });

  it('links the taxi privacy policy for a legal-entity corporation', () => {
    renderAuth({ settings: { corp_legal: true } });
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-taxi/',
    );
  });
});

describe('Auth, step 2: phone number', () => {
  it('offers Poland first and keeps Send code disabled while the number is empty', async () => {
    const user = userEvent.setup();
    renderAuth();
    const input = await toPhoneStep(user);
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveDisplayValue('Poland (+48)');
    expect(within(country).getAllByRole('option')[0]).toHaveTextContent('Poland (+48)');
    expect(within(country).getAllByRole('option').length).toBeGreaterThan(200);
    expect(input).toHaveFocus();
    expect(sendCode()).toBeDisabled();
    await user.type(input, '6');
    expect(sendCode()).toBeEnabled();
    await user.clear(input);
    expect(sendCode()).toBeDisabled();
  });

  it('tells live whether the number is valid and supported', async () => {
    const user = userEvent.setup();
    renderAuth();
    const input = await toPhoneStep(user);
    await user.type(input, '600 100');
    // Not yet wrong while being typed; wrong once the field is left.
    expect(input).toHaveAccessibleDescription('Choose the country, then type your mobile number.');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(input).toHaveAccessibleDescription('This is not a mobile phone number of Poland.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(input);
    await user.type(input, ' 200');
    expect(input).toHaveAccessibleDescription('Valid number: +48 600 100 200');
    await user.type(input, '123');
    expect(input).toHaveAccessibleDescription('This number is too long for Poland.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '12 345 67 89');
    await user.tab();
    expect(input).toHaveAccessibleDescription('This is not a mobile phone number of Poland.');
    await user.clear(input);
    await user.type(input, '+49 1511 2345678');
    expect(input).toHaveAccessibleDescription('Phone numbers from Germany are not supported.');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('Germany (+49)');
  });

  it('reads a national number in the chosen country', async () => {
    const user = userEvent.setup();
    renderAuth();
    const input = await toPhoneStep(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'DE');
    await user.type(input, '1511 2345678');
    expect(input).toHaveAccessibleDescription('Phone numbers from Germany are not supported.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'PL');
    expect(input).toHaveAccessibleDescription('This number is too long for Poland.');
  });

  it('does not send a number that is not valid, and says why', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderAuth();
    const input = await toPhoneStep(user);
    await user.type(input, '600 1');
    await user.click(sendCode());
    expect(input).toHaveAccessibleDescription('This number is too short.');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '12 345 67 89{Enter}');
    expect(input).toHaveAccessibleDescription('This is not a mobile phone number of Poland.');
    expect(input).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the code with the consent and moves to step 3', async () => {
    const api = fakeApi({ GET_AUTH_PHONE_SEND_SECRET: { phone: '+48600100200' } });
    const user = userEvent.setup();
    renderAuth();
    await toCodeStep(user, '0048 600 100 200');
    expect(api.last('GET_AUTH_PHONE_SEND_SECRET')?.sent).toMatchObject({
      phone: '+48600100200',
      gdpr: 'true',
    });
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('We sent a 6‑digit code to +48 600 100 200.')).toBeInTheDocument();
    expect(codeInput()).toHaveFocus();
  });

  it.each([
    ['a refusal', fail('BLOCKED'), 'Client blocked'],
    ['an unknown code', failUnlisted('TOO_MANY'), 'Error in execution, try again later'],
    ['a network failure', offline, 'Connection to server error'],
  ] as const)('shows the catalogue message on %s and stays', async (_name, answer, message) => {
    fakeApi({ GET_AUTH_PHONE_SEND_SECRET: answer });
    const user = userEvent.setup();
    renderAuth();
    const input = await toPhoneStep(user);
    await user.type(input, '600100200');
    await user.click(sendCode());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveValue('600100200');
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    await user.type(input, '{Backspace}0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Cancel goes back to step 1 and clears the phone and the consent', async () => {
    const user = userEvent.setup();
    renderAuth();
    await user.type(await toPhoneStep(user), '600100200');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(consent()).not.toBeChecked();
    expect(consent()).toHaveFocus();
    nextIsOff();
    expect(await toPhoneStep(user)).toHaveValue('');
  });
});

describe('Auth, step 3: code', () => {
  it('takes digits only, at most six, from the SMS, and needs one for OK', async () => {
    fakeApi({ GET_AUTH_PHONE_SEND_SECRET: {} });
    const user = userEvent.setup();
    renderAuth();
    await toCodeStep(user);
    const input = codeInput();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
    expect(ok()).toBeDisabled();
    await user.type(input, '12a 3-4567');
    expect(input).toHaveValue('123456');
    expect(ok()).toBeEnabled();
    await user.clear(input);
    expect(ok()).toBeDisabled();
  });

  it('Cancel returns to step 2 with the number kept', async () => {
    fakeApi({ GET_AUTH_PHONE_SEND_SECRET: {} });
    const user = userEvent.setup();
    renderAuth();
    await toCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const input = await phoneInput();
    expect(input).toHaveValue('600 100 200');
    expect(input).toHaveFocus();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('a wrong code shows the catalogue message, stays, and logs nobody in', async () => {
    fakeApi({ GET_AUTH_PHONE_SEND_SECRET: {}, GET_AUTH_PHONE: fail('ACCESS_DENIED') });
    const user = userEvent.setup();
    renderAuth();
    await toCodeStep(user);
    await user.type(codeInput(), '000000');
    await user.click(ok());
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied');
    expect(codeInput()).toHaveFocus();
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(sessionStore.get(tokenAtom)).toBeNull();
  });

  it('logs in: keeps the token, features and client data, and goes Home', async () => {
    const api = fakeApi({
      GET_AUTH_PHONE_SEND_SECRET: {},
      GET_AUTH_PHONE: AUTH_REPLY,
      GET_CLIENT: { client_data: CLIENT },
    });
    const user = userEvent.setup();
    const { history } = renderAuth();
    await toCodeStep(user);
    await user.type(codeInput(), '123456');
    await user.click(ok());
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/');
    expect(api.last('GET_AUTH_PHONE')?.sent).toMatchObject({
      phone: '+48600100200',
      secret: '123456',
    });
    expect(localStorage.getItem('client_token')).toBe('new-token');
    expect(sessionStore.get(featuresAtom).features).toEqual(AUTH_REPLY.taxi_features);
    expect(sessionStore.get(clientDataAtom)).toEqual(CLIENT);
    expect(sessionStore.get(phoneAtom)).toBe('+48600100200');
    expect(api.last('GET_CLIENT')?.sent).toMatchObject({ auth: 'new-token' });
  });

  it('offers another code only after the countdown', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi({ GET_AUTH_PHONE_SEND_SECRET: {} });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderAuth();
      await toCodeStep(user);
      const resend = screen.getByRole('button', { name: 'Send the code again' });
      expect(resend).toBeDisabled();
      expect(resend).toHaveAccessibleDescription('You can ask for a new code in 1:00.');
      act(() => jest.advanceTimersByTime(30_000));
      expect(resend).toHaveAccessibleDescription('You can ask for a new code in 0:30.');
      act(() => jest.advanceTimersByTime(30_000));
      expect(resend).toBeEnabled();
      await user.click(resend);
      expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way.');
      expect(api.actions().filter((a) => a === 'GET_AUTH_PHONE_SEND_SECRET')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Send the code again' })).toBeDisabled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Auth', () => {
  it('works with the keyboard alone', async () => {
    fakeApi({
      GET_AUTH_PHONE_SEND_SECRET: {},
      GET_AUTH_PHONE: AUTH_REPLY,
      GET_CLIENT: { client_data: CLIENT },
    });
    const user = userEvent.setup();
    renderAuth();
    await user.tab(); // Regulations
    await user.tab(); // Privacy policy
    await user.tab();
    expect(consent()).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(await phoneInput()).toHaveFocus();
    await user.keyboard('600100200{Enter}');
    await waitFor(() => expect(codeInput()).toHaveFocus());
    await user.keyboard('123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    const user = userEvent.setup();
    renderAuth({ language: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Logowanie' })).toBeInTheDocument();
    await user.click(
      screen.getByRole('checkbox', { name: 'Akceptuję regulamin i politykę prywatności' }),
    );
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    const input = await screen.findByRole('textbox', { name: 'Numer telefonu' });
    expect(screen.getByRole('combobox', { name: 'Kraj' })).toHaveDisplayValue('Polska (+48)');
    await user.type(input, '600100200');
    expect(input).toHaveAccessibleDescription('Prawidłowy numer: +48 600 100 200');
    expect(screen.getByRole('button', { name: 'Wyślij kod' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Anuluj' })).toBeEnabled();
  });

  it('sends a passenger who is already logged in Home', async () => {
    renderAuth({ token: 'old-token' });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});

describe('Auth when the start-up check of a kept token could not reach the server', () => {
  /** A passenger whose token the shell kept because GET_AUTH got no answer. */
  function renderUnchecked(options: Parameters<typeof renderScreen>[1] = {}) {
    act(() => sessionStore.set(tokenCheckAtom, 'unreachable'));
    return renderAuth({ token: 'kept-token', ...options });
  }

  it('says so and offers Try again, which goes Home once the server answers', async () => {
    let reachable = false;
    const api = fakeApi({
      GET_AUTH: () => (reachable ? AUTH_REPLY : offline),
      GET_CLIENT: { client_data: CLIENT },
    });
    const user = userEvent.setup();
    renderUnchecked();
    expect(
      screen.getByRole('heading', { level: 1, name: 'We could not reach the server' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The server still cannot be reached.',
    );
    expect(sessionStore.get(tokenAtom)).toBe('kept-token');

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.last('GET_AUTH')?.sent).toMatchObject({ auth: 'kept-token' });
    expect(sessionStore.get(tokenAtom)).toBe('new-token');
    expect(sessionStore.get(clientDataAtom)).toEqual(CLIENT);
  });

  it('starts the login steps when Try again finds the token rejected', async () => {
    fakeApi({ GET_AUTH: fail('ACCESS_DENIED') });
    const user = userEvent.setup();
    renderUnchecked();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(sessionStore.get(tokenAtom)).toBeNull();
  });

  it('Log in again forgets the kept token and starts the login steps', async () => {
    fakeApi({ LOGOUT: offline });
    const user = userEvent.setup();
    renderUnchecked();
    await user.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('client_token')).toBeNull();
  });

  it('speaks Polish', () => {
    fakeApi({});
    renderUnchecked({ language: 'pl' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Nie udało się połączyć z serwerem' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zaloguj się ponownie' })).toBeInTheDocument();
  });
});
