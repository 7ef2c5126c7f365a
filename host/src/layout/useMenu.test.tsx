import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

// The drawer's code loads apart from the first screen; here its first two loads fail, as
// offline before the worker kept it (the idle head start's and the first tap's, in either order).
let mockDrawerLoads = 0;
jest.mock('./Drawer', () => {
  mockDrawerLoads += 1;
  if (mockDrawerLoads <= 2) throw new Error('Loading chunk drawer failed.');
  return jest.requireActual('./Drawer');
});

it('says the menu could not load, and opens it at the next tap once it loads', async () => {
  const user = userEvent.setup();
  renderApp('/about-app/');
  const menu = await screen.findByRole('button', { name: 'Open menu' });
  await user.click(menu);

  const alert = await screen.findByRole('alertdialog', {
    name: 'This part of the app is unavailable',
  });
  expect(alert).toHaveTextContent('It could not be loaded. Check your connection and try again.');
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'OK' }));

  await user.click(menu);
  expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  expect(mockDrawerLoads).toBe(3);
});
