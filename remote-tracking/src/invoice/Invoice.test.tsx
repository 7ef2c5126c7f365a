import { screen, within } from '@testing-library/react';
import { type Answer, fail, fakeApi, renderScreen } from '@taxi/shared/testing';
import Invoice from './Invoice';

const issued: Answer<'GET_INVOICE'> = {
  invoice: {
    number: 'FV 12/2026',
    issued: '2026-03-02',
    sold: '2026-03-02',
    seller: {
      name: 'Wisła Taxi sp. z o.o.',
      address: 'ul. Przykładowa 12, Kraków',
      nip: '6770065406',
    },
    buyer: { name: 'Zażółć S.A.', address: 'ul. Łąkowa 3, Kraków', nip: '5261040828' },
    order_short_id: 'ABCD2345',
    poi: { city: 'Kraków', street: 'Grodzka', number: '5' },
    dst: { city: 'Kraków', street: 'Basztowa', number: '1' },
    vat_rate: 8,
    net: 50,
    vat: 4,
    gross: 54,
    currency: 'zł',
    cash_free: true,
  },
};

const renderInvoice = (language: 'en' | 'pl' = 'en') =>
  renderScreen(<Invoice />, {
    token: 't',
    path: '/invoice/ABCD2345/',
    routePath: '/invoice/:o/',
    language,
  });

const amount = (label: string | RegExp) =>
  within(screen.getByRole('row', { name: label })).getByRole('cell').textContent;

afterEach(() => jest.restoreAllMocks());

describe('Invoice', () => {
  it('shows the issued invoice: number, dates, both parties, net, VAT and gross', async () => {
    const server = fakeApi({ GET_INVOICE: issued });
    renderInvoice();
    expect(
      await screen.findByRole('heading', { name: 'VAT invoice FV 12/2026', level: 1 }),
    ).toBeInTheDocument();
    expect(server.of('GET_INVOICE')[0]?.payload).toEqual({ order_short_id: 'ABCD2345' });
    expect(screen.getByRole('region', { name: 'Seller' })).toHaveTextContent('NIP 6770065406');
    expect(screen.getByRole('region', { name: 'Buyer' })).toHaveTextContent(
      'Zażółć S.A.ul. Łąkowa 3, KrakówNIP 5261040828',
    );
    expect(screen.getByRole('region', { name: 'Service' })).toHaveTextContent(
      'Taxi ride, order ABCD2345: Grodzka 5, Kraków → Basztowa 1, Kraków',
    );
    expect(amount(/^Net/)).toMatch(/50,00\szł/);
    expect(amount(/^VAT 8 %/)).toMatch(/4,00\szł/);
    expect(amount(/^Total \(gross\)/)).toMatch(/54,00\szł/);
    expect(screen.getByText('Paid: cash-free')).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    fakeApi({ GET_INVOICE: issued });
    renderInvoice('pl');
    expect(
      await screen.findByRole('heading', { name: 'Faktura VAT FV 12/2026', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Nabywca' })).toBeInTheDocument();
    expect(amount(/^Razem/)).toMatch(/54,00\szł/);
  });

  it('says when the ride is not over yet, and refuses another passenger’s order', async () => {
    fakeApi({ GET_INVOICE: { invoice: null } });
    const { unmount } = renderInvoice();
    expect(
      await screen.findByRole('heading', { name: 'The invoice is not issued yet' }),
    ).toBeInTheDocument();
    unmount();
    fakeApi({ GET_INVOICE: fail('ORDER_ACCESS_DENIED') });
    renderInvoice();
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('VAT invoice');
  });
});
