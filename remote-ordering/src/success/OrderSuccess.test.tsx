import { screen } from '@testing-library/react';
import { renderScreen } from '@taxi/shared/testing';
import OrderSuccess from './OrderSuccess';

describe('OrderSuccess', () => {
  it('congratulates in Polish: the order was passed on, wait for the driver', () => {
    renderScreen(<OrderSuccess />, { language: 'pl', token: 't' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dziękujemy' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Gratulacje! Twoje zamówienie zostało przekazane do taksówek. Poczekaj na kierowcę.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć do mapy' })).toHaveAttribute('href', '/');
  });

  it('says the same in English', () => {
    renderScreen(<OrderSuccess />, { language: 'en', token: 't' });
    expect(
      screen.getByText(
        'Congratulations! Your order has been passed on to the taxis. Please wait for the driver.',
      ),
    ).toBeInTheDocument();
  });
});
