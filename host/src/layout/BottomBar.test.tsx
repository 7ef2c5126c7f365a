import { screen } from '@testing-library/react';
import { renderApp } from '../testing';

// A character with an emoji form (☺) is drawn as a colour emoji by some phones unless it asks for
// its text style (U+FE0E): the bar's icons are the page's colour on every phone.
it('asks for the text style of every icon that has an emoji form', async () => {
  renderApp('/about-app/', { token: 'token', phone: '+48600111333' });
  const bar = await screen.findByRole('navigation', { name: /./ });
  expect(bar).toHaveTextContent('Profile');
  expect(bar.textContent).not.toMatch(/\p{Extended_Pictographic}(?!\uFE0E)/u);
});
