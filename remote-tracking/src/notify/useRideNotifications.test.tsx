import { renderHook, waitFor } from '@testing-library/react';
import { initI18n, INITIAL_TRACKING_SNAPSHOT, type TrackingSnapshot } from '@taxi/shared';
import { useRideNotifications } from './useRideNotifications';

const KEY = { shortId: 'ab12', secret: 's3' };

function at(stage: string, accepted: string[] = []): TrackingSnapshot {
  return {
    ...INITIAL_TRACKING_SNAPSHOT,
    order: {
      stage,
      accepted_taxis: accepted,
    } as TrackingSnapshot['order'],
    taxisData: { '7': { color: 'biała', brand: 'Skoda Octavia', vehicle_registration: 'KR 7' } },
  };
}

let visibility: DocumentVisibilityState = 'hidden';
const showNotification = jest.fn(async () => undefined);

beforeEach(() => {
  visibility = 'hidden';
  showNotification.mockClear();
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
  Object.defineProperty(globalThis, 'Notification', {
    value: { permission: 'granted' },
    configurable: true,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => ({ showNotification }) },
    configurable: true,
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'Notification');
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(document, 'visibilityState');
});

function track(language: 'pl' | 'en') {
  initI18n(language);
  return renderHook(({ snapshot }) => useRideNotifications(snapshot, KEY), {
    initialProps: { snapshot: at('waiting_for_taxi') },
  });
}

describe('useRideNotifications: Track out of sight', () => {
  it('tells of the accepted taxi with its car, in Polish, through the service worker', async () => {
    const { rerender } = track('pl');
    expect(showNotification).not.toHaveBeenCalled();
    rerender({ snapshot: at('taxi_on_the_way', ['7']) });
    await waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith('Taksówka jedzie do Ciebie', {
        body: 'biała Skoda Octavia, KR 7',
        tag: 'ride-AB12',
        data: { url: '/t/ab12/s3' },
      }),
    );
    rerender({ snapshot: at('taxi_arrived', ['7']) });
    await waitFor(() => expect(showNotification).toHaveBeenCalledTimes(2));
    expect(showNotification).toHaveBeenLastCalledWith(
      'Taksówka przyjechała',
      expect.objectContaining({ body: 'biała Skoda Octavia, KR 7 czeka na Ciebie' }),
    );
  });

  it('in English; a cancelled ride too; nothing while the page is in sight or without permission', async () => {
    const { rerender } = track('en');
    visibility = 'visible';
    rerender({ snapshot: at('taxi_on_the_way', ['7']) });
    visibility = 'hidden';
    Object.defineProperty(globalThis, 'Notification', {
      value: { permission: 'default' },
      configurable: true,
    });
    rerender({ snapshot: at('taxi_arrived', ['7']) });
    Object.defineProperty(globalThis, 'Notification', {
      value: { permission: 'granted' },
      configurable: true,
    });
    rerender({ snapshot: at('cancelled') });
    await waitFor(() => expect(showNotification).toHaveBeenCalledTimes(1));
    expect(showNotification).toHaveBeenCalledWith(
      'Order cancelled',
      expect.objectContaining({ body: 'Your taxi order was cancelled' }),
    );
  });

  it('never for the stage Track opened at', async () => {
    initI18n('en');
    const { rerender } = renderHook(({ stage }) => useRideNotifications(at(stage, ['7']), KEY), {
      initialProps: { stage: 'taxi_arrived' },
    });
    rerender({ stage: 'finished' });
    await waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith('Ride finished', expect.anything()),
    );
    expect(showNotification).toHaveBeenCalledTimes(1);
  });
});
