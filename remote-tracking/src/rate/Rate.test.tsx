import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type Answer,
  deferred,
  fail,
  fakeApi,
  offline,
  renderScreen,
  type ScreenOptions,
} from '@taxi/shared/testing';
import Rate from './Rate';
import RateWithQuery from './RateWithQuery';
import { rating } from '../testing/track';

const RATE_URL = '/r/ABCD2345/s3cret-p';

function renderRate(options: ScreenOptions = {}) {
  return renderScreen(<Rate />, {
    path: RATE_URL,
    routePath: '/r/:o/:p',
    routes: [{ path: '/', element: <h1>Home screen</h1> }],
    ...options,
  });
}

afterEach(() => jest.restoreAllMocks());

describe('Rate', () => {
  it('shows a wait indicator while it looks the rating up', async () => {
    const pending = deferred<Answer<'GET_RATE'>>();
    fakeApi({ GET_RATE: () => pending.promise });
    renderRate();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    pending.resolve(rating(null));
    expect(
      await screen.findByRole('heading', { name: 'How would you rate this ride?' }),
    ).toBeInTheDocument();
  });

  it('thanks when the ride is already rated, with Back to order going Home', async () => {
    const server = fakeApi({ GET_RATE: rating(1, 'Nice') });
    renderRate();
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to order' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(server.of('GET_RATE')[0]).toMatchObject({
      url: '/rate/api/1/',
      sent: { order_short_id: 'ABCD2345', secret: 's3cret-p' },
    });
  });

  it('asks, and keeps Rate disabled until a value is chosen', async () => {
    fakeApi({ GET_RATE: rating(null) });
    renderRate();
    await screen.findByRole('heading', { name: 'How would you rate this ride?' });
    const rate = screen.getByRole('button', { name: 'Rate' });
    expect(rate).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAttribute(
      'placeholder',
      'Tell us more (optional)',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Average' }));
    expect(rate).toBeEnabled();
  });

  it('sends the value and the comment, disabled while sending, then thanks', async () => {
    const sending = deferred<Answer<'SET_RATE'>>();
    const server = fakeApi({ GET_RATE: rating(null), SET_RATE: () => sending.promise });
    renderRate();
    await userEvent.click(await screen.findByRole('radio', { name: 'Very good' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Comment' }),
      '  Clean car, kind driver ',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rate' }));
    expect(screen.getByRole('button', { name: 'Rate' })).toBeDisabled();
    expect(server.of('SET_RATE')[0]?.sent).toMatchObject({
      order_short_id: 'ABCD2345',
      secret: 's3cret-p',
      data: { rate: 2, comment: 'Clean car, kind driver' },
    });
    sending.resolve({});
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
  });

  it('sends no comment when none was written', async () => {
    const server = fakeApi({ GET_RATE: rating(null), SET_RATE: {} });
    renderRate();
    await userEvent.click(await screen.findByRole('radio', { name: 'Very bad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rate' }));
    await screen.findByRole('heading', { name: 'Thank you!' });
    expect(server.of('SET_RATE')[0]?.sent.data).toEqual({ rate: -2 });
  });

  it('shows an info alert when rating fails, and stays', async () => {
    fakeApi({ GET_RATE: rating(null), SET_RATE: fail('ACTION_NOT_ALLOWED') });
    renderRate();
    await userEvent.click(await screen.findByRole('radio', { name: 'Bad' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rate' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Error while rating. Please try again later.');
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(
      screen.getByRole('heading', { name: 'How would you rate this ride?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Bad' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Rate' })).toBeEnabled();
  });

  it('says the order is not found for a wrong link', async () => {
    fakeApi({ GET_RATE: fail('ORDER_ACCESS_DENIED') });
    renderRate();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });

  it('lets the passenger rate when the lookup could not reach the server', async () => {
    fakeApi({ GET_RATE: offline });
    renderRate();
    expect(
      await screen.findByRole('heading', { name: 'How would you rate this ride?' }),
    ).toBeInTheDocument();
  });

  it('says rating is not offered when the corporation has it off, asks nothing, and Back goes Home', async () => {
    const server = fakeApi({ GET_RATE: rating(null), SET_RATE: {} });
    renderRate({ settings: { rate: false } });
    expect(
      screen.getByRole('heading', { name: 'This corporation does not offer rating rides' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(server.of('GET_RATE')).toHaveLength(0);
  });

  it('says so in Polish too, on /rate/ as well', () => {
    fakeApi({ GET_RATE: rating(null) });
    renderScreen(<RateWithQuery />, {
      path: '/rate/?o=QWER7890&p=abc',
      routePath: '/rate/',
      settings: { rate: false },
      language: 'pl',
    });
    expect(
      screen.getByRole('heading', { name: 'Ta korporacja nie oferuje oceniania przejazdów' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wstecz' })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    fakeApi({ GET_RATE: rating(null) });
    renderRate({ language: 'pl' });
    expect(
      await screen.findByRole('heading', { name: 'Jak oceniasz ten przejazd?' }),
    ).toBeInTheDocument();
    for (const label of ['Bardzo źle', 'Źle', 'Przeciętnie', 'Dobrze', 'Bardzo dobrze']) {
      expect(screen.getByRole('radio', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Oceń' })).toBeDisabled();
  });
});

describe('RateWithQuery', () => {
  it('rates the order of the query', async () => {
    const server = fakeApi({ GET_RATE: rating(null), SET_RATE: {} });
    renderScreen(<RateWithQuery />, { path: '/rate/?o=QWER7890&p=abc', routePath: '/rate/' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Good' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rate' }));
    await screen.findByRole('heading', { name: 'Thank you!' });
    await waitFor(() =>
      expect(server.of('SET_RATE')[0]?.sent).toMatchObject({
        order_short_id: 'QWER7890',
        secret: 'abc',
      }),
    );
  });

  it('says not found without o and p', () => {
    fakeApi({});
    renderScreen(<RateWithQuery />, { path: '/rate/', routePath: '/rate/' });
    expect(screen.getByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
