import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

// The menu drawer is a modal dialog: focus goes in when it opens and back out when it closes.
describe('drawer focus', () => {
  async function openMenu() {
    const user = userEvent.setup();
    renderApp('/about-app/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    return user;
  }

  it('moves focus into the drawer when it opens', async () => {
    await openMenu();
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('gives focus back to the menu button when Escape closes it', async () => {
    const user = await openMenu();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('gives focus back to the menu button when its close button closes it', async () => {
    const user = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('keeps Shift+Tab inside the drawer', async () => {
    const user = await openMenu();
    await user.tab({ shift: true });
    expect(screen.getByRole('dialog', { name: 'Menu' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });
});

it('draws the account’s picture itself: no emoji, which a device without an emoji font shows as a box', async () => {
  const user = userEvent.setup();
  renderApp('/about-app/', { token: 'token', phone: '+48600111333' });
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  const account = screen.getByRole('link', { name: /My account/ });
  expect(account).toHaveTextContent('+48 600 111 333');
  expect(account.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  expect(account.querySelector('svg')).toBeInTheDocument();
});
