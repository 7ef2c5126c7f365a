import type { Clock } from '../base/clock.ts';
import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';
import type { LatLng } from '../geo/geometry.ts';

/** A position older than this says nothing about where the taxi is now. */
export const POSITION_FRESH_MS = 5 * 60_000;

/**
 * How long one read of a corporation's free taxis serves quotes. Every quote used to ask the
 * database for the nearest (a sort over every free taxi, a sixth of a quote's time with a hundred
 * of them); the positions there are a flush (2 s) old anyway.
 */
export const FREE_TAXIS_REREAD_MS = 1_000;

type FreeTaxi = Awaited<ReturnType<typeof freeTaxisReportedSince>>[number];

/**
 * The free taxi (state W, fresh position) nearest a point, or undefined: by flat-earth distance
 * (exact enough within a city), ties to the lower call number, from a list of the corporation's
 * free taxis read at most every FREE_TAXIS_REREAD_MS (concurrent quotes share one read).
 */
export function nearestFreeTaxiFinder(db: Db, clock: Clock) {
  const lists = new Map<string, { at: number; taxis: Promise<FreeTaxi[]> }>();
  return async (corporation: Corporation, point: LatLng): Promise<FreeTaxi | undefined> => {
    const now = clock.now();
    let list = lists.get(corporation.id);
    if (!list || now - list.at >= FREE_TAXIS_REREAD_MS || now < list.at) {
      const taxis = freeTaxisReportedSince(db, corporation.id, now - POSITION_FRESH_MS);
      lists.set(corporation.id, (list = { at: now, taxis }));
      // A failed read is not kept: the next quote reads again.
      taxis.catch(() => lists.get(corporation.id)?.taxis === taxis && lists.delete(corporation.id));
    }
    const squeeze = Math.cos((point.lat * Math.PI) / 180) ** 2;
    let nearest: FreeTaxi | undefined;
    let best = Infinity;
    for (const taxi of await list.taxis) {
      if (taxi.updated_at <= now - POSITION_FRESH_MS) continue;
      const north = taxi.lat - point.lat;
      const east = taxi.lng - point.lng;
      const squared = north * north + east * east * squeeze;
      if (squared < best || (squared === best && taxi.call_number < nearest!.call_number))
        [nearest, best] = [taxi, squared];
    }
    return nearest;
  };
}

/** The cars of these taxis and their last reported positions (an order's tracking record). */
export function taxiCars(db: Db, corporationId: string, callNumbers: string[]) {
  return db
    .selectFrom('taxis')
    .select(['call_number', 'color', 'brand', 'vehicle_registration', 'lat', 'lng'])
    .where('corporation_id', '=', corporationId)
    .where('call_number', 'in', callNumbers)
    .execute();
}

/** A taxi's row, or undefined for no such taxi (its driver signing in). */
export function findTaxi(db: Db, corporationId: string, callNumber: string) {
  return db
    .selectFrom('taxis')
    .selectAll()
    .where('corporation_id', '=', corporationId)
    .where('call_number', '=', callNumber)
    .executeTakeFirst();
}

/** Every taxi's state and last position, as a subquery to join (a driver app's session). */
export function taxiStates(db: Db) {
  return db
    .selectFrom('taxis')
    .select(['corporation_id', 'call_number', 'state', 'lat', 'lng', 'acc', 'updated_at']);
}

/** The states and last positions of these taxis (the live map of an order's taxis). */
export function taxiPositions(db: Db, corporationId: string, callNumbers: string[]) {
  return db
    .selectFrom('taxis')
    .select(['call_number', 'state', 'lat', 'lng', 'acc', 'updated_at'])
    .where('corporation_id', '=', corporationId)
    .where('call_number', 'in', callNumbers)
    .execute();
}

/** Free taxis (state W) that reported after `since`, with their positions (dispatch's candidates). */
export function freeTaxisReportedSince(db: Db, corporationId: string, since: number) {
  return db
    .selectFrom('taxis')
    .select(['call_number', 'lat', 'lng', 'updated_at'])
    .where('corporation_id', '=', corporationId)
    .where('state', '=', 'W')
    .where('updated_at', '>', since)
    .execute();
}

/** When the taxi last reported, or undefined for no such taxi. */
export async function lastReportAt(
  db: Db,
  corporationId: string,
  callNumber: string,
): Promise<number | undefined> {
  const taxi = await db
    .selectFrom('taxis')
    .select('updated_at')
    .where('corporation_id', '=', corporationId)
    .where('call_number', '=', callNumber)
    .executeTakeFirst();
  return taxi?.updated_at;
}

/** A taxi's car and its driver app's password hash, as the operator or the simulator sets them. */
export interface TaxiCar {
  call_number: string;
  color: string;
  brand: string;
  vehicle_registration: string;
  password_hash: string;
}

/** Adds a taxi to the fleet (state F until its driver signs in), or updates its car. */
export async function saveTaxi(db: Db, corporationId: string, car: TaxiCar): Promise<void> {
  const { call_number, ...values } = car;
  await db
    .insertInto('taxis')
    .values({
      corporation_id: corporationId,
      call_number,
      state: 'F',
      lat: 0,
      lng: 0,
      updated_at: 0,
      ...values,
    })
    .onConflict((conflict) =>
      conflict.columns(['corporation_id', 'call_number']).doUpdateSet(values),
    )
    .execute();
}

/**
 * The taxi's state (spec section 4); false for no such taxi. `unlessBlocked` (the driver app's
 * own changes): false too when the taxi is blocked, the database's B winning over whatever the
 * app or a process believed.
 */
export async function setTaxiState(
  db: Db,
  corporationId: string,
  callNumber: string,
  state: string,
  unlessBlocked = false,
): Promise<boolean> {
  let update = db
    .updateTable('taxis')
    .set({ state })
    .where('corporation_id', '=', corporationId)
    .where('call_number', '=', callNumber);
  if (unlessBlocked) update = update.where('state', '<>', 'B');
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
