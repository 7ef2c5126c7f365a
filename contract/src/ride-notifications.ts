// The ride notifications' words, once: the server's Web Push and the open app's background-tab
// notifications show the same title and body (docs/ride-notifications.md).
import type { Stage, TaxiInfo } from './entities.ts';

/** Stages a passenger is told about; the others pass silently. */
export const NOTIFIED_STAGES = [
  'taxi_on_the_way',
  'taxi_arrived',
  'finished',
  'no_show',
  'cancelled',
] as const satisfies readonly Stage[];
export type NotifiedStage = (typeof NOTIFIED_STAGES)[number];

/** After these nothing more is told: the ride is over. */
export const LAST_STAGES: readonly Stage[] = ['finished', 'no_show', 'cancelled'];

export function isNotifiedStage(stage: string | null | undefined): stage is NotifiedStage {
  return (NOTIFIED_STAGES as readonly (string | null | undefined)[]).includes(stage);
}

export type RideNotificationLang = 'pl' | 'en';

/** `{car}` is replaced by the car; `plain` stands for `body` when the car is unknown. */
interface RideNotificationText {
  title: string;
  body: string;
  plain?: string;
}

export const RIDE_NOTIFICATION_TEXTS = {
  en: {
    taxi_on_the_way: {
      title: 'Your taxi is on its way',
      body: '{car}',
      plain: 'A driver accepted your order',
    },
    taxi_arrived: {
      title: 'Your taxi has arrived',
      body: '{car} is waiting for you',
      plain: 'Your taxi is waiting for you',
    },
    finished: { title: 'Ride finished', body: 'Thank you for riding with us' },
    no_show: { title: 'The driver could not find you', body: 'The order is closed' },
    cancelled: { title: 'Order cancelled', body: 'Your taxi order was cancelled' },
  },
  pl: {
    taxi_on_the_way: {
      title: 'Taksówka jedzie do Ciebie',
      body: '{car}',
      plain: 'Kierowca przyjął Twoje zamówienie',
    },
    taxi_arrived: {
      title: 'Taksówka przyjechała',
      body: '{car} czeka na Ciebie',
      plain: 'Taksówka czeka na Ciebie',
    },
    finished: { title: 'Kurs zakończony', body: 'Dziękujemy za przejazd' },
    no_show: { title: 'Kierowca Cię nie zastał', body: 'Zamówienie jest zamknięte' },
    cancelled: {
      title: 'Zamówienie anulowane',
      body: 'Twoje zamówienie taksówki zostało anulowane',
    },
  },
} satisfies Record<RideNotificationLang, Record<NotifiedStage, RideNotificationText>>;

/** 'white Toyota Prius, KR 1': what the passenger looks for at the kerb. */
export function carOf(taxi: TaxiInfo | undefined): string {
  if (!taxi) return '';
  const car = [taxi.color, taxi.brand].filter(Boolean).join(' ');
  return [car, taxi.vehicle_registration].filter(Boolean).join(', ');
}

/** The notification's title and body in the passenger's language (Polish unless 'en'). */
export function rideNotificationText(
  stage: NotifiedStage,
  lang: string,
  taxi: TaxiInfo | undefined,
): { title: string; body: string } {
  const text: RideNotificationText = RIDE_NOTIFICATION_TEXTS[lang === 'en' ? 'en' : 'pl'][stage];
  const car = carOf(taxi);
  const body = car || !text.plain ? text.body.replace('{car}', car) : text.plain;
  return { title: text.title, body };
}
