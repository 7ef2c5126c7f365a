import { act, screen, within } from '@testing-library/react';
import { fakeApi, resetSession } from '@taxi/shared/testing';
import Track from '../track/Track';
import {
  KEY,
  rating,
  record,
  renderTrack,
  serve,
  settle,
  withTrackHarness,
} from '../testing/track';

jest.mock('@taxi/shared/map', () => jest.requireActual('../testing/map').fakeMapModule);

const PUSH_KEY =
  'BD1KWPIHaBzbzcsu4hRhN9RV-rO7qFw3KNm0DlwKGb1tAM7HbY9jwi9hksEcBSl19j3e9IUKfOZTwHbYefUqHmc';
const sockets = withTrackHarness();

/** The signed-in passenger's active orders: this one, so he is its owner. */
function serverAnswers() {
  return fakeApi({
    GET_RATE: rating(null),
    GET_PUSH_KEY: { public_key: PUSH_KEY },
    PUSH_SUBSCRIBE: {},
    GET_CURRENT_ORDERS: {
      data_list: [
        {
          order_type: 'Z',
          state: 'T',
          date_time: null,
          created: '2026-11-21 10:00:00',
          track: { order_short_id: KEY.shortId, secret: KEY.secret },
        },
      ],
    },
  });
}

/** Permission granted at the prompt; the push service unreachable (as in headless Chromium). */
function browser() {
  const fake = { permission: 'default', requestPermission: jest.fn(async () => 'granted') };
  fake.requestPermission.mockImplementation(async () => (fake.permission = 'granted'));
  Object.defineProperty(globalThis, 'Notification', { value: fake, configurable: true });
  const subscribe = jest.fn(async () => {
    throw new DOMException('Registration failed - push service not available', 'AbortError');
  });
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => registration },
    configurable: true,
  });
  return { fake, subscribe };
}

async function openTrack(language: 'pl' | 'en', token?: string) {
  const view = renderTrack(<Track />, { language, ...(token ? { token } : {}) });
  serve(sockets(), record({ state: 'T', accepted_taxis: [] }));
  await settle();
  await act(async () => undefined);
  return view;
}

beforeEach(() => {
  resetSession();
  localStorage.clear();
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'Notification');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Track: the ride notifications question', () => {
  it('asks the owner in English; yes falls back on the open app when the browser cannot subscribe', async () => {
    const { subscribe } = browser();
    const api = serverAnswers();
    const { user } = await openTrack('en', 'tok');
    const question = await screen.findByRole('region', { name: 'Hear about your ride?' });
    expect(question).toHaveClass('tr-notify');
    expect(question).not.toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Turn on notifications' }));
    const said = await screen.findByText(/cannot get notifications with the app closed/);
    expect(said).toHaveAttribute('role', 'status');
    expect(said).toHaveFocus();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(api.of('PUSH_SUBSCRIBE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/cannot get notifications/)).not.toBeInTheDocument();
  });

  it('in Polish; “no” is remembered: the next Track asks nothing', async () => {
    browser();
    serverAnswers();
    const { user, unmount } = await openTrack('pl', 'tok');
    const question = await screen.findByRole('region', { name: 'Powiadamiać o kursie?' });
    await user.click(within(question).getByRole('button', { name: 'Nie, dziękuję' }));
    expect(await screen.findByText('Bez powiadomień. Nie zapytamy ponownie.')).toHaveFocus();
    unmount();
    const again = serverAnswers();
    await openTrack('pl', 'tok');
    expect(screen.queryByRole('region', { name: 'Powiadamiać o kursie?' })).not.toBeInTheDocument();
    expect(again.of('GET_PUSH_KEY')).toHaveLength(0);
  });

  it('never asks the viewer of a shared link', async () => {
    browser();
    const api = serverAnswers();
    await openTrack('en');
    expect(screen.queryByRole('region', { name: 'Hear about your ride?' })).not.toBeInTheDocument();
    expect(api.of('GET_PUSH_KEY')).toHaveLength(0);
  });
});
