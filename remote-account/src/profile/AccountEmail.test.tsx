import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Answers, fail, fakeApi, renderScreen, resetSession } from '@taxi/shared/testing';
import Profile from './Profile';
import { landing } from '../testing/landing';

const PHONE = { phone: '+48600100200', phone_secret_verified: true };

function server(handlers: Answers = {}) {
  return fakeApi({
    GET_CLIENT: {
      client_data: {
        phone: PHONE.phone,
        points: 0,
        discount: 0,
        count_discount_available: 0,
        cash_free: false,
      },
    },
    GET_PHONE: PHONE,
    GET_EMAIL: { email: null, available: true },
    ...handlers,
  });
}

function renderProfile(language: 'en' | 'pl' = 'en') {
  return renderScreen(<Profile />, {
    path: '/settings/',
    token: 'client-token',
    settings: { show_account: true },
    language,
    routes: [landing('/auth/', 'Auth page')],
  });
}

beforeEach(resetSession);

describe('Profile: the e-mail for receipts', () => {
  it('checks the address as the spec says, sends it, and says a link is on its way', async () => {
    const api = server({
      SET_EMAIL: ({ email }) => ({ email: { address: email, confirmed: false } }),
    });
    const user = userEvent.setup();
    renderProfile();
    const section = await screen.findByRole('region', { name: 'E-mail for receipts' });
    const field = within(section).getByLabelText('E-mail address');
    await user.type(field, 'anna@example');
    await user.click(within(section).getByRole('button', { name: 'Save and send the link' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Invalid e-mail address.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Invalid e-mail address.');
    expect(field).toHaveFocus();
    expect(api.of('SET_EMAIL')).toHaveLength(0);

    await user.type(field, '.com');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Save and send the link' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'We sent a confirmation link to this address.',
    );
    expect(api.last('SET_EMAIL')?.payload).toEqual({ email: 'anna@example.com' });
    expect(section).toHaveTextContent('anna@example.com');
    expect(section).toHaveTextContent('Not confirmed');
    expect(section).toHaveTextContent('check your inbox');
  });

  it('sends the link again, and removes the address', async () => {
    const api = server({
      GET_EMAIL: { email: { address: 'anna@example.com', confirmed: false }, available: true },
      RESEND_EMAIL_CONFIRMATION: { email: { address: 'anna@example.com', confirmed: false } },
      DELETE_EMAIL: {},
    });
    const user = userEvent.setup();
    renderProfile();
    const section = await screen.findByRole('region', { name: 'E-mail for receipts' });
    await user.click(await within(section).findByRole('button', { name: 'Send the link again' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'We sent a new confirmation link.',
    );
    expect(api.of('RESEND_EMAIL_CONFIRMATION')).toHaveLength(1);
    await user.click(within(section).getByRole('button', { name: 'Remove e-mail' }));
    expect(await within(section).findByLabelText('E-mail address')).toHaveValue('');
    expect(within(section).getByRole('status')).toHaveTextContent(
      'The e-mail address was removed.',
    );
  });

  it("shows a confirmed address, and the server's refusal in the catalogue's words", async () => {
    server({
      GET_EMAIL: { email: { address: 'jan@example.com', confirmed: true }, available: true },
      SET_EMAIL: fail('ACTION_NOT_ALLOWED'),
    });
    const user = userEvent.setup();
    renderProfile();
    const section = await screen.findByRole('region', { name: 'E-mail for receipts' });
    expect(await within(section).findByText('Confirmed')).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Send the link again' }),
    ).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Change e-mail' }));
    const field = within(section).getByLabelText('E-mail address');
    await user.clear(field);
    await user.type(field, 'jan@example.org');
    await user.click(within(section).getByRole('button', { name: 'Save and send the link' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Action not allowed');
  });

  it('is not offered when the server sends no e-mail', async () => {
    const api = server({ GET_EMAIL: { email: null, available: false } });
    renderProfile();
    await screen.findByRole('region', { name: 'Phone number' });
    await Promise.resolve();
    expect(api.of('GET_EMAIL')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'E-mail for receipts' })).not.toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    server({
      GET_EMAIL: { email: { address: 'ola@example.com', confirmed: false }, available: true },
    });
    renderProfile('pl');
    const section = await screen.findByRole('region', { name: 'E-mail do paragonów' });
    expect(await within(section).findByText('Niepotwierdzony')).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Wyślij link ponownie' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Usuń e-mail' })).toBeInTheDocument();
  });
});
