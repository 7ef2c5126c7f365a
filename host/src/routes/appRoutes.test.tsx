import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, tokenAtom } from '@taxi/shared';
import { renderApp } from '../testing';

const activeOrder = {
  order_type: 'Z' as const,
  state: 'T' as const,
  date_time: null,
  created: '2026-11-21 10:00:00',
  track: { order_short_id: 'ab12', secret: 's' },
};

describe('maintenance mode', () => {
  it('sends every route to the apology page while the flag is on', async () => {
    const { history } = renderApp('/regulations/', { settings: { maintenance: true } });
    expect(await screen.findByRole('heading', { name: 'We are sorry' })).toBeInTheDocument();
    expect(
      screen.getByText('Ordering a taxi through the application is currently not possible.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Dispatch/ })).toHaveAttribute(
      'href',
      'tel:+48221234567',
    );
    expect(history.location.pathname).toBe('/maintenance/');
  });

  it('leaves the apology page for Home when the flag is off', async () => {
    const { history } = renderApp('/maintenance/', { token: 'token' });
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('speaks Polish when the language is Polish', async () => {
    renderApp('/', { settings: { maintenance: true }, language: 'pl' });
    expect(await screen.findByRole('heading', { name: 'Przepraszamy' })).toBeInTheDocument();
  });
});

describe('session guard while running', () => {
  it('sends a non-public route to Auth without a token', async () => {
    const { history } = renderApp('/history/');
    await waitFor(() => expect(history.location.pathname).toBe('/auth/'));
  });

  it('keeps a public route without a token', async () => {
    const { history } = renderApp('/about-app/');
    await screen.findByRole('heading', { name: 'This part of the app is unavailable' });
    expect(history.location.pathname).toBe('/about-app/');
  });
});

describe('drawer', () => {
  it('shows the entries of a visitor without a token', async () => {
    const user = userEvent.setup();
    renderApp('/about-app/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    for (const name of ['Regulations', 'Privacy policy', 'Privacy policy taxi', 'About app']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('link', { name: /Visit our website/ })).toHaveAttribute(
      'href',
      'https://test-taxi.example',
    );
    expect(within(menu).queryByRole('link', { name: 'Homepage' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: /My account/ })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Active rides' })).not.toBeInTheDocument();
  });

  it('shows the profile card, Home, active rides and logout to a passenger', async () => {
    const user = userEvent.setup();
    renderApp('/about-app/', { token: 't', phone: '48600100200', activeOrders: [activeOrder] });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(
      within(menu).getByRole('link', { name: /\+48 600 100 200.*My account/ }),
    ).toHaveAttribute('href', '/settings/');
    expect(within(menu).getByRole('link', { name: 'Homepage' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Active rides' })).toHaveAttribute(
      'href',
      '/orders/',
    );
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows unknown when the phone is not known yet', async () => {
    const user = userEvent.setup();
    renderApp('/about-app/', { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('link', { name: /unknown.*My account/ })).toBeInTheDocument();
  });

  it('expands Call us to the numbers with their owners', async () => {
    const user = userEvent.setup();
    renderApp('/about-app/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const call = screen.getByRole('button', { name: /Call us/ });
    expect(call).toHaveAttribute('aria-expanded', 'false');
    await user.click(call);
    expect(call).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Dispatch.*\+48 221 234 567/ })).toHaveAttribute(
      'href',
      'tel:+48221234567',
    );
  });

  it('hides the privacy policy for a legal corporation', async () => {
    const user = userEvent.setup();
    renderApp('/about-app/', { settings: { corp_legal: true } });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.queryByRole('link', { name: 'Privacy policy' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy policy taxi' })).toBeInTheDocument();
  });

  it('logs out after confirmation and goes to Auth', async () => {
    const user = userEvent.setup();
    const { history } = renderApp('/about-app/', { token: 'secret-token' });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Do you want to log out?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sessionStore.get(tokenAtom)).toBe('secret-token');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Log out' }),
    );
    expect(sessionStore.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('client_token')).toBeNull();
    await waitFor(() => expect(history.location.pathname).toBe('/auth/'));
  });
});

describe('logo', () => {
  it('leads to Auth without a token and Home with one', async () => {
    renderApp('/about-app/');
    expect(await screen.findByRole('link', { name: /Go to login/ })).toHaveAttribute(
      'href',
      '/auth/',
    );
  });

  it('leads Home with a token', async () => {
    renderApp('/about-app/', { token: 't' });
    expect(await screen.findByRole('link', { name: /Go to the home screen/ })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('is one picture for the app: a screen of another layout shows it again, not a copy', async () => {
    // A new <img> of an SVG builds a document for it (10-60 ms of a tap on a slow phone).
    const { history } = renderApp('/', { token: 't', settings: { corp_logo: '/brand/logo.svg' } });
    const onHome = await screen.findByRole('img', { name: 'Test Taxi' });
    act(() => history.push('/about-app/'));
    await waitFor(() => expect(document.querySelector('.sh-topbar')).not.toBeNull());
    await waitFor(() => expect(document.querySelectorAll('img')).toHaveLength(1));
    expect(screen.getByRole('img', { name: 'Test Taxi' })).toBe(onHome);
    expect(onHome.closest('.sh-topbar')).not.toBeNull();
  });
});
