import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Answers, fakeApi, renderScreen } from '@taxi/shared/testing';
import { featuresAtom, sessionStore } from '@taxi/shared';
import { draft, FEATURES, FLORIANSKA, resetOrdering, setDraft } from '../testing/order';
import OrderExpanded from '../order-expanded/OrderExpanded';
import OrderSummary from '../summary/OrderSummary';

const company = (id: number, name: string) => ({
  id,
  name,
  address: 'ul. Łąkowa 3, Kraków',
  nip: '5261040828',
  email: 'faktury@example.com',
});

function renderOptions(answers: Answers, language: 'en' | 'pl' = 'en') {
  const server = fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] }, ...answers });
  act(() => sessionStore.set(featuresAtom, FEATURES));
  const user = userEvent.setup();
  renderScreen(<OrderExpanded />, { token: 't', path: '/order-expanded/', language });
  return { server, user };
}

beforeEach(resetOrdering);
afterEach(() => jest.restoreAllMocks());

describe('VAT invoice for a company', () => {
  it('picks one of the passenger’s companies, which sets invoice and the profile', async () => {
    setDraft({ poi: FLORIANSKA });
    const { user } = renderOptions({
      GET_COMPANY_PROFILES: {
        invoicing: true,
        data_list: [company(3, 'Zażółć S.A.'), company(8, 'Gęśla sp. z o.o.')],
      },
    });
    const choice = await screen.findByRole('combobox', { name: 'VAT invoice for' });
    expect(choice).toHaveDisplayValue('No invoice (private ride)');
    await user.selectOptions(choice, 'Gęśla sp. z o.o. (NIP 5261040828)');
    expect(draft()).toMatchObject({ invoice: true, company_profile_id: 8 });
    await user.selectOptions(choice, 'No invoice (private ride)');
    expect(draft()).toMatchObject({ invoice: false, company_profile_id: null });
  });

  it('points to My account without a company, and drops a deleted profile from the draft', async () => {
    setDraft({ poi: FLORIANSKA, invoice: true, company_profile_id: 5 });
    renderOptions({ GET_COMPANY_PROFILES: { invoicing: true, data_list: [] } }, 'pl');
    expect(await screen.findByRole('link', { name: 'Dodaj firmę w Moim koncie' })).toHaveAttribute(
      'href',
      '/settings/',
    );
    // The profile deleted since the draft was made is not ordered with.
    expect(draft()).toMatchObject({ invoice: false, company_profile_id: null });
  });

  it('is not offered where the corporation issues no invoices', async () => {
    setDraft({ poi: FLORIANSKA });
    const { server } = renderOptions({ GET_COMPANY_PROFILES: { invoicing: false, data_list: [] } });
    await screen.findByRole('heading', { level: 1 });
    await act(async () => undefined);
    expect(server.of('GET_COMPANY_PROFILES')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Invoice' })).not.toBeInTheDocument();
  });

  it('is reviewed on the summary and sent with ORDER_SAVE', async () => {
    setDraft({ poi: FLORIANSKA, invoice: true, company_profile_id: 8 });
    const server = fakeApi({
      GET_CURRENT_ORDERS: { data_list: [] },
      ORDER_SAVE: { order_id: 5, track: { order_short_id: 'ABC123', secret: 'sec' } },
    });
    const user = userEvent.setup();
    renderScreen(<OrderSummary />, {
      token: 't',
      path: '/summary/',
      routes: [{ path: '/t/:o/:p', element: <p>Track page</p> }],
    });
    expect(screen.getByText('VAT invoice').nextElementSibling).toHaveTextContent('Yes');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByText('Track page');
    expect(server.of('ORDER_SAVE')[0]!.payload.order).toMatchObject({
      invoice: true,
      company_profile_id: 8,
    });
  });
});
