import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Answers, fakeApi, renderScreen } from '@taxi/shared/testing';
import { featuresAtom, sessionStore } from '@taxi/shared';
import { draft, FEATURES, FLORIANSKA, resetOrdering, setDraft } from '../testing/order';
import OrderExpanded from '../order-expanded/OrderExpanded';
import OrderSummary from '../summary/OrderSummary';

const favourite = (call_number: string) => ({
  call_number,
  brand: 'Skoda Octavia',
  color: 'silver',
  vehicle_registration: `KR ${call_number}`,
});

function renderOptions(answers: Answers, language: 'en' | 'pl' = 'en') {
  fakeApi({ GET_CLIENT_ORDER_HISTORY: { history: [] }, ...answers });
  act(() => sessionStore.set(featuresAtom, FEATURES));
  const user = userEvent.setup();
  renderScreen(<OrderExpanded />, { token: 't', path: '/order-expanded/', language });
  return user;
}

beforeEach(resetOrdering);
afterEach(() => jest.restoreAllMocks());

describe('Prefer my taxi', () => {
  it('is offered with the passenger’s favourites and fills selected_taxies', async () => {
    setDraft({ poi: FLORIANSKA });
    const user = renderOptions({
      GET_FAVOURITE_TAXIS: { data_list: [favourite('12'), favourite('7')] },
    });
    const prefer = await screen.findByRole('checkbox', { name: 'Prefer my taxi (12, 7)' });
    expect(screen.getByRole('region', { name: 'Your taxi' })).toHaveTextContent('within 5 minutes');
    await user.click(prefer);
    expect(draft().selected_taxies).toEqual(['12', '7']);
    await user.click(prefer);
    expect(draft().selected_taxies).toEqual([]);
  });

  it('is not offered without a favourite; a forgotten one leaves the draft', async () => {
    setDraft({ poi: FLORIANSKA, selected_taxies: ['99'] });
    renderOptions({ GET_FAVOURITE_TAXIS: { data_list: [] } }, 'pl');
    await screen.findByRole('heading', { level: 1 });
    await act(async () => undefined);
    expect(draft().selected_taxies).toEqual([]);
    expect(screen.queryByRole('checkbox', { name: /Wolę moją taksówkę/ })).not.toBeInTheDocument();
  });

  it('is reviewed on the summary and sent with ORDER_SAVE', async () => {
    setDraft({ poi: FLORIANSKA, selected_taxies: ['12'] });
    const api = fakeApi({
      GET_CURRENT_ORDERS: { data_list: [] },
      ORDER_SAVE: { order_id: 5, track: { order_short_id: 'ABC123', secret: 'sec' } },
    });
    const user = userEvent.setup();
    renderScreen(<OrderSummary />, {
      token: 't',
      path: '/summary/',
      routes: [{ path: '/t/:o/:p', element: <p>Track page</p> }],
    });
    expect(screen.getByText('Prefer my taxi').nextElementSibling).toHaveTextContent('12');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    await screen.findByText('Track page');
    expect(api.of('ORDER_SAVE')[0]!.payload.order).toMatchObject({ selected_taxies: ['12'] });
  });
});
