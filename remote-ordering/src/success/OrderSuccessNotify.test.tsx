import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderScreen, resetSession } from '@taxi/shared/testing';
import OrderSuccess from './OrderSuccess';

const KEY =
  'BD1KWPIHaBzbzcsu4hRhN9RV-rO7qFw3KNm0DlwKGb1tAM7HbY9jwi9hksEcBSl19j3e9IUKfOZTwHbYefUqHmc';
const ORDERS = (
  [
    { order_id: 7, order_type: 'Z', state: 'U', date_time: null, created: '2030-01-01 10:00:00' },
    { order_id: 8, order_type: 'Z', state: 'U', date_time: null, created: '2030-01-01 10:05:00' },
  ] as const
).map((order, i) => ({ ...order, track: { order_short_id: `ORDER${i}`, secret: `s${i}` } }));

/** The browser's Notification permission and what its prompt answers. */
function browserNotifications(permission: NotificationPermission, answer: NotificationPermission) {
  const fake: { permission: NotificationPermission; requestPermission: jest.Mock } = {
    permission,
    requestPermission: jest.fn(async () => (fake.permission = answer)),
  };
  Object.defineProperty(globalThis, 'Notification', { value: fake, configurable: true });
  return fake;
}

/** A service worker registration whose push manager hands out one subscription. */
function browserPush() {
  const subscribe = jest.fn(async () => ({
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh: 'P', auth: 'A' },
    }),
  }));
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => registration },
    configurable: true,
  });
  return subscribe;
}

function serverAnswers(publicKey: string | null) {
  return fakeApi({
    GET_CURRENT_ORDERS: { data_list: ORDERS },
    GET_PUSH_KEY: { public_key: publicKey },
    PUSH_SUBSCRIBE: {},
  });
}

beforeEach(() => resetSession());
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'Notification');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('OrderSuccess: ride notifications, asked after the order', () => {
  it('asks in Polish, promising pushes with the app closed; a refusal is remembered and never asked again', async () => {
    const permission = browserNotifications('default', 'granted');
    const api = serverAnswers(KEY);
    const { unmount } = renderScreen(<OrderSuccess />, { language: 'pl', token: 't' });
    const question = await screen.findByRole('region', { name: 'Powiadamiać o kursie?' });
    expect(question).toHaveTextContent('nawet przy zamkniętej aplikacji');
    await userEvent.click(screen.getByRole('button', { name: 'Nie, dziękuję' }));
    expect(screen.getByRole('status')).toHaveTextContent('Bez powiadomień. Nie zapytamy ponownie.');
    expect(screen.getByRole('status')).toHaveFocus();
    expect(permission.requestPermission).not.toHaveBeenCalled();
    unmount();
    expect(api.of('PUSH_SUBSCRIBE')).toHaveLength(0);

    // Asking would start by fetching the server's key: not even that.
    const again = serverAnswers(KEY);
    renderScreen(<OrderSuccess />, { language: 'pl', token: 't' });
    await screen.findByRole('heading', { name: 'Dziękujemy' });
    await act(async () => undefined);
    expect(again.of('GET_PUSH_KEY')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Powiadamiać o kursie?' })).not.toBeInTheDocument();
  });

  it('turns on in English: the browser asks, the newest order is subscribed with the server key', async () => {
    const permission = browserNotifications('default', 'granted');
    const subscribe = browserPush();
    const api = serverAnswers(KEY);
    renderScreen(<OrderSuccess />, { language: 'en', token: 't' });
    const question = await screen.findByRole('region', { name: 'Hear about your ride?' });
    expect(question).toHaveTextContent('even with the app closed');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notifications about this ride are on.',
    );
    expect(permission.requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.last('PUSH_SUBSCRIBE')?.payload).toEqual({
      order_short_id: 'ORDER1',
      subscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { p256dh: 'P', auth: 'A' },
      },
    });
  });

  it('once on, the next order is subscribed without asking', async () => {
    browserNotifications('default', 'granted');
    browserPush();
    serverAnswers(KEY);
    const { unmount } = renderScreen(<OrderSuccess />, { language: 'en', token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await screen.findByRole('status');
    unmount();
    const api = serverAnswers(KEY);
    renderScreen(<OrderSuccess />, { language: 'en', token: 't' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notifications about this ride are on.',
    );
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.of('PUSH_SUBSCRIBE')).toHaveLength(1));
  });

  it('without Web Push on the server it promises only the open app; a “no” in the browser’s prompt is remembered', async () => {
    const permission = browserNotifications('default', 'denied');
    serverAnswers(null);
    const { unmount } = renderScreen(<OrderSuccess />, { language: 'en', token: 't' });
    const question = await screen.findByRole('region', { name: 'Hear about your ride?' });
    expect(question).toHaveTextContent('while the app is open in the background');
    expect(question).not.toHaveTextContent('app closed');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No notifications.');
    expect(permission.requestPermission).toHaveBeenCalledTimes(1);
    unmount();
    browserNotifications('default', 'granted');
    const again = serverAnswers(null);
    renderScreen(<OrderSuccess />, { language: 'en', token: 't' });
    await act(async () => undefined);
    expect(again.of('GET_PUSH_KEY')).toHaveLength(0);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('when the browser cannot subscribe (no push service) it falls back on the open app and says so', async () => {
    browserNotifications('default', 'granted');
    browserPush().mockRejectedValue(new DOMException('push service not available', 'AbortError'));
    const api = serverAnswers(KEY);
    renderScreen(<OrderSuccess />, { language: 'pl', token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Włącz powiadomienia' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ta przeglądarka nie odbiera powiadomień przy zamkniętej aplikacji. Powiadomimy Cię, dopóki aplikacja jest otwarta w tle.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.of('PUSH_SUBSCRIBE')).toHaveLength(0);
  });

  it('asks nothing where the browser has no notifications', async () => {
    const api = serverAnswers(KEY);
    renderScreen(<OrderSuccess />, { language: 'pl', token: 't' });
    await act(async () => undefined);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(api.of('GET_PUSH_KEY')).toHaveLength(0);
  });
});
