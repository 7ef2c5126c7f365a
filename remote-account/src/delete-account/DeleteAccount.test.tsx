import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clientDataAtom, sessionStore, tokenAtom, type Settings } from '@taxi/shared';
import Profile from '../profile/Profile';
import {
  type Answers,
  fail,
  fakeApi,
  offline,
  renderScreen,
  resetSession,
} from '@taxi/shared/testing';
import { landing } from '../testing/landing';
import { DELETION_NOTICE_PATH } from './requestDeletion';

const PHONE = '+48600100200';
const NOTICE = `POST ${DELETION_NOTICE_PATH}`;

function server(handlers: Answers) {
  return fakeApi({
    GET_CLIENT: {
      client_data: {
        phone: PHONE,
        points: 5,
        count_discount_available: 0,
        discount: 0,
        cash_free: false,
      },
    },
    GET_PHONE: { phone: PHONE, phone_secret_verified: true },
    ...handlers,
  });
}

function renderProfile(settings: Partial<Settings>, language: 'en' | 'pl' = 'en') {
  return renderScreen(<Profile />, {
    path: '/settings/',
    token: 'client-token',
    settings: { corp: 'Wisła Taxi', ...settings },
    language,
    routes: [landing('/auth/', 'Auth page')],
  });
}

async function confirmDeletion(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('+48 600 100 200');
  await user.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete account' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
}

beforeEach(resetSession);

describe('Account deletion', () => {
  it('asks first, saying it cannot be undone, and Cancel sends nothing', async () => {
    const api = server({});
    const user = userEvent.setup();
    renderProfile({});
    await screen.findByText('+48 600 100 200');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete account' });
    expect(dialog).toHaveTextContent(
      'Do you really want to delete your account? This cannot be undone: your ride history and points will be removed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.actions()).not.toContain('DELETE_REQUEST');
    expect(api.actions()).not.toContain(NOTICE);
  });

  it('a legal-entity corporation gets DELETE_REQUEST; success, then logout and Auth', async () => {
    const api = server({ DELETE_REQUEST: {} });
    const user = userEvent.setup();
    const { history } = renderProfile({ corp_legal: true });
    await confirmDeletion(user);
    const done = await screen.findByRole('alertdialog', { name: 'Delete account' });
    expect(done).toHaveTextContent('Account deleted successfully.');
    expect(api.last('DELETE_REQUEST')?.sent).toMatchObject({
      auth: 'client-token',
      subject: 'Account deletion request',
      info: expect.stringContaining(`Wisła Taxi: the passenger with phone number ${PHONE}`),
    });
    expect(api.actions()).not.toContain(NOTICE);
    expect(sessionStore.get(tokenAtom)).toBe('client-token');
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/auth/');
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('client_token')).toBeNull();
    expect(sessionStore.get(clientDataAtom)).toBeNull();
  });

  it('another corporation notifies the software vendor with the phone; success, then logout', async () => {
    const api = server({ [NOTICE]: { status: 'OK', status_mesg: 'OK' } });
    const user = userEvent.setup();
    renderProfile({ corp_legal: false });
    await confirmDeletion(user);
    const done = await screen.findByRole('alertdialog');
    expect(done).toHaveTextContent('Account deleted successfully.');
    expect(api.actions()).not.toContain('DELETE_REQUEST');
    expect(api.last(NOTICE)?.sent).toEqual({
      phone: PHONE,
      subject: 'Account deletion request',
      info: expect.stringContaining(`Wisła Taxi: the passenger with phone number ${PHONE}`),
      source: 'passenger-web-app',
    });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(sessionStore.get(tokenAtom)).toBeNull();
  });

  it.each([
    [
      'DELETE_REQUEST refused',
      { corp_legal: true },
      { DELETE_REQUEST: fail('FAILED') },
      'Operation failed',
    ],
    [
      'no reply to DELETE_REQUEST',
      { corp_legal: true },
      { DELETE_REQUEST: offline },
      'Connection to server error',
    ],
    [
      'a notification reply with an error field',
      { corp_legal: false },
      { [NOTICE]: { error: 'Too many requests', error_data: 'ACTION_NOT_ALLOWED' } },
      'Action not allowed',
    ],
    [
      'no reply to the notification',
      { corp_legal: false },
      { [NOTICE]: offline },
      'Connection to server error',
    ],
  ] as const)(
    '%s: an alert, and the passenger stays logged in',
    async (_name, settings, handlers, reason) => {
      server(handlers);
      const user = userEvent.setup();
      const { history } = renderProfile(settings);
      await confirmDeletion(user);
      const alert = await screen.findByRole('alertdialog', { name: 'Delete account' });
      expect(alert).toHaveTextContent('Error deleting account.');
      expect(alert).toHaveTextContent(reason);
      await user.click(within(alert).getByRole('button', { name: 'OK' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(history.location.pathname).toBe('/settings/');
      expect(sessionStore.get(tokenAtom)).toBe('client-token');
    },
  );

  it('speaks Polish', async () => {
    server({ DELETE_REQUEST: {} });
    const user = userEvent.setup();
    renderProfile({ corp_legal: true }, 'pl');
    await screen.findByText('+48 600 100 200');
    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Usuwanie konta' });
    expect(dialog).toHaveTextContent('Czy na pewno chcesz usunąć konto?');
    await user.click(within(dialog).getByRole('button', { name: 'Usuń moje konto' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Konto zostało usunięte.');
  });
});
