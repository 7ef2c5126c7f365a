import type { Corporation } from '../corporations/directory.ts';
import type { Selectable } from 'kysely';
import type { Tables } from '../db/tables.ts';
import { weekdayOfDayNumber } from '@taxi/contract';
import { type OrderForm, storedForm, type Subscription } from '../orders/form.ts';
import { insertOrder, runningSubscriptions, subscriptionRideExists } from '../orders/store.ts';
import { epochOf, formatLocal, localTime, parseDateTime } from '../base/time.ts';
import { dispatchAt, logCreated } from './intake.ts';
import { dispatchSettings } from './settings.ts';
import type { DispatcherOptions } from './options.ts';
import { logEntry, touch, transition } from './transition.ts';

/** How often the subscriptions are looked at for rides to create. */
export const SUBSCRIPTION_CHECK_MS = 60_000;

/** Creates the rides of subscriptions (type R) due within the horizon, as timed orders. */
export async function subscriptionRides(o: DispatcherOptions, now: number): Promise<void> {
  for (const parent of await runningSubscriptions(o.storage.db)) {
    const corporation = o.corporations.byId(parent.corporation_id);
    if (corporation) await createRides(o, corporation, parent, now);
  }
}

/** The local times of a subscription's rides within the horizon, on its days, in its dates. */
function rideTimes(corporation: Corporation, repeated: Subscription, now: number) {
  const zone = corporation.timeZone;
  const horizon = now + dispatchSettings(corporation).subscriptionHorizonH * 3_600_000;
  const [stopYear, stopMonth, stopDay] = repeated.repeated_stop.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const lastInstant = epochOf(
    { year: stopYear, month: stopMonth, day: stopDay, hour: 23, minute: 59, second: 59 },
    zone,
  );
  const times: number[] = [];
  for (
    let day = Math.max(now, parseDateTime(repeated.repeated_start, zone) ?? now) - 86_400_000;
    day <= Math.min(horizon, lastInstant) + 86_400_000;
    day += 86_400_000
  ) {
    const date = localTime(day, zone);
    const at = epochOf(
      {
        year: date.year,
        month: date.month,
        day: date.day,
        hour: repeated.repeated_time_hour,
        minute: repeated.repeated_time_minute,
        second: 0,
      },
      zone,
    );
    const starts = parseDateTime(repeated.repeated_start, zone) ?? 0;
    if (
      at > now &&
      at <= horizon &&
      at >= starts &&
      at <= lastInstant &&
      repeated.days[weekdayOfDayNumber(localTime(at, zone).weekday)]
    )
      times.push(at);
  }
  return { times: [...new Set(times)], lastInstant };
}

/** Creates the subscription's missing rides; ends it (Z) after its last day. */
async function createRides(
  o: DispatcherOptions,
  corporation: Corporation,
  parent: Selectable<Tables['orders']>,
  now: number,
): Promise<void> {
  const form = storedForm(parent.form);
  const repeated = form.repeated;
  if (!repeated) return;
  const zone = corporation.timeZone;
  const { times, lastInstant } = rideTimes(corporation, repeated, now);
  await transition(o, parent.corporation_id, now, async (change) => {
    const { trx, effects } = change;
    for (const at of times) {
      const date_time = formatLocal(at, zone);
      if (await subscriptionRideExists(trx, parent.id, date_time)) continue;
      const rideForm: OrderForm = {
        ...form,
        order_type: 'T',
        date_time,
        repeated: null,
        call_uniqueid: null,
      };
      const ride = await insertOrder(
        trx,
        o.orderSecrets,
        {
          corporation_id: parent.corporation_id,
          client_id: parent.client_id,
          call_uniqueid: null,
          order_type: 'T',
          date_time,
          taxi_group_id: parent.taxi_group_id,
          taxi_count: parent.taxi_count,
          form: JSON.stringify(rideForm),
          dispatch_at: dispatchAt(corporation, rideForm, now),
          parent_id: parent.id,
          pickup_lat: parent.pickup_lat,
          pickup_lng: parent.pickup_lng,
          dst_price: parent.dst_price,
          route: parent.route,
        },
        now,
      );
      await logCreated(change, ride.id, rideForm);
      await logEntry(change, parent.id, 'subscription_ride', null, {
        order_id: ride.id,
        date_time,
      });
      effects.orders.add(ride.id);
    }
    if (now > lastInstant) await touch(change, parent.id, { state: 'Z', ended_at: now });
  });
}
