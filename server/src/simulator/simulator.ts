import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Corporation } from '../corporations/directory.ts';
import { closeTaxiSessions } from '../dispatch/taxi-sessions.ts';
import { provisionTaxi } from '../driver/accounts.ts';
import type { EmbeddedGeography } from '../geo/embedded.ts';
import { greatCircleMetres, type LatLng } from '../geo/geometry.ts';
import type { Services } from '../base/services.ts';

/** How the simulated drivers behave; times in simulated seconds. */
export interface DriverHabits {
  /** Share of offers turned down, and of offers left to time out. */
  rejectRate: number;
  ignoreRate: number;
  /** Share of pickups where the client never comes. */
  absentRate: number;
  /** Seconds before a driver answers an offer. */
  answerDelay: [number, number];
  /** Seconds waiting at the pickup before the client gets in. */
  boardingDelay: [number, number];
  /** Seconds a free taxi stands before it moves on. */
  standing: [number, number];
  /** Seconds between position reports. */
  reportEvery: number;
}

export const DEFAULT_HABITS: DriverHabits = {
  rejectRate: 0.08,
  ignoreRate: 0.05,
  absentRate: 0.04,
  answerDelay: [2, 8],
  boardingDelay: [10, 45],
  standing: [20, 120],
  reportEvery: 2,
};

/** The real interval of the simulation's steps. */
const STEP_MS = 250;
const COLOURS = ['white', 'black', 'silver', 'yellow', 'blue', 'grey', 'red'];
const BRANDS = [
  'Toyota Prius',
  'Škoda Octavia',
  'Mercedes E',
  'Kia Niro',
  'Hyundai Ioniq',
  'Tesla Model 3',
  'Volkswagen Passat',
];

/** A driver API reply: status, and the fields of the action. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Reply = Record<string, any>;

interface Offer {
  order_id: number;
  order: {
    pickup: LatLng | null;
    dst: { lat: number | null; lng: number | null } | null;
    dst_price: number | null;
  };
}

/** An order the taxi took (P) or carries the client of (Z), as its work lists it. */
interface Ride {
  order_id: number;
  assignment_state: string;
  arrived: boolean;
  order: Offer['order'];
}

interface Movement {
  points: LatLng[];
  /** Cumulative metres at each point. */
  at: number[];
  done: number;
  speed: number;
}

function between([low, high]: [number, number]): number {
  return low + Math.random() * (high - low);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** A simulated taxi: its driver uses the driver API exactly as a taxi app would. */
class SimulatedTaxi {
  readonly call: string;
  #token = '';
  position: LatLng;
  #phase: 'free' | 'answering' | 'to_pickup' | 'boarding' | 'riding' = 'free';
  #move: Movement | undefined;
  #waitUntil = 0;
  #reportedAt = -Infinity;
  #orderId: number | undefined;
  #offer: Offer | undefined;
  #answer: 'accept' | 'reject' | 'ignore' = 'accept';
  #dst: LatLng | undefined;
  #price: number | null = null;
  #seen = new Set<number>();
  private readonly sim: Simulation;

  constructor(call: string, start: LatLng, sim: Simulation) {
    this.call = call;
    this.position = start;
    this.sim = sim;
  }

  async login(password: string): Promise<void> {
    const reply = await this.sim.call({ action_id: 'LOGIN', call_number: this.call, password });
    this.#token = reply.token;
    await this.#report('W');
  }

  async #api(action: string, fields: Record<string, unknown> = {}): Promise<Reply> {
    return this.sim.call({ action_id: action, token: this.#token, ...fields });
  }

  async #report(state?: string): Promise<void> {
    const reply = await this.#api('TAXI_POSITION', {
      lat: this.position.lat,
      lng: this.position.lng,
      acc: 5 + Math.round(Math.random() * 10),
      ...(state ? { state } : {}),
    });
    this.#reportedAt = this.sim.time;
    this.#read(reply);
  }

  /** What the dispatch says in a reply: a ride to go on with, a new offer, or an order taken away. */
  #read(reply: Reply): void {
    if (reply.status !== 'OK') return;
    const ride = (reply.orders as Ride[] | undefined)?.[0];
    if (this.#phase === 'free' && ride) {
      // Taken before this process ran the fleet (its former process stopped mid-ride).
      this.#resume(ride);
    } else if (this.#phase === 'free') {
      const offer = (reply.offers as Offer[]).find((o) => !this.#seen.has(o.order_id));
      if (offer) {
        this.#seen.add(offer.order_id);
        this.#offer = offer;
        this.#phase = 'answering';
        this.#waitUntil = this.sim.time + between(this.sim.habits.answerDelay);
        const roll = Math.random();
        this.#answer =
          roll < this.sim.habits.rejectRate
            ? 'reject'
            : roll < this.sim.habits.rejectRate + this.sim.habits.ignoreRate
              ? 'ignore'
              : 'accept';
      }
    } else if (
      (this.#phase === 'to_pickup' || this.#phase === 'boarding') &&
      !(reply.orders as { order_id: number }[]).some((o) => o.order_id === this.#orderId)
    ) {
      // Cancelled by the client, or given to another taxi.
      this.#phase = 'free';
      this.#move = undefined;
      void this.#api('TAXI_STATE', { state: 'W' }).then((r) => this.#read(r));
    }
  }

  #take(orderId: number, order: Offer['order']): void {
    this.#seen.add(orderId);
    this.#orderId = orderId;
    const dst = order.dst;
    this.#dst =
      dst && dst.lat !== null && dst.lng !== null ? { lat: dst.lat, lng: dst.lng } : undefined;
    this.#price = order.dst_price;
  }

  #resume(ride: Ride): void {
    this.#take(ride.order_id, ride.order);
    let state = 'K';
    if (ride.assignment_state === 'Z') {
      this.#phase = 'riding';
      this.#drive(this.#dst ?? this.sim.randomPoint(this.position, 2500));
      state = 'D';
    } else if (ride.arrived) {
      this.#phase = 'boarding';
      this.#waitUntil = this.sim.time + between(this.sim.habits.boardingDelay);
    } else {
      this.#phase = 'to_pickup';
      this.#drive(ride.order.pickup ?? this.sim.randomPoint(this.position, 1000));
    }
    void this.#api('TAXI_STATE', { state }).then((r) => this.#read(r));
  }

  #drive(to: LatLng, speedFactor = 1): void {
    const route = this.sim.geography.graph.route(this.position, to);
    const points = route?.points ?? [this.position, to];
    const at = [0];
    for (let i = 1; i < points.length; i++)
      at.push(at[i - 1]! + greatCircleMetres(points[i - 1]!, points[i]!));
    const speed = route && route.durationS > 0 ? route.distanceM / route.durationS : 8;
    this.#move = { points, at, done: 0, speed: speed * speedFactor * (0.85 + Math.random() * 0.3) };
  }

  /** Moves along the current route; true once there. */
  #advance(dt: number): boolean {
    const move = this.#move;
    if (!move) return true;
    move.done += move.speed * dt;
    const total = move.at[move.at.length - 1]!;
    if (move.done >= total) {
      this.position = move.points[move.points.length - 1]!;
      this.#move = undefined;
      return true;
    }
    let i = 1;
    while (move.at[i]! < move.done) i++;
    const a = move.points[i - 1]!;
    const b = move.points[i]!;
    const f = (move.done - move.at[i - 1]!) / Math.max(1e-9, move.at[i]! - move.at[i - 1]!);
    this.position = { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f };
    return false;
  }

  async step(dt: number): Promise<void> {
    const now = this.sim.time;
    switch (this.#phase) {
      case 'free':
        if (this.#advance(dt * 0.5) && now >= this.#waitUntil) {
          if (this.#waitUntil > 0 && Math.random() < 0.5)
            this.#drive(this.sim.randomPoint(this.position, 1500), 0.6);
          this.#waitUntil = now + between(this.sim.habits.standing);
        }
        break;
      case 'answering': {
        if (now < this.#waitUntil) break;
        const offer = this.#offer!;
        this.#phase = 'free';
        if (this.#answer === 'ignore') break;
        if (this.#answer === 'reject') {
          this.#read(await this.#api('OFFER_REJECT', { order_id: offer.order_id }));
          break;
        }
        const reply = await this.#api('OFFER_ACCEPT', { order_id: offer.order_id });
        if (reply.status !== 'OK') break;
        this.#take(offer.order_id, offer.order);
        const pickup = offer.order.pickup ?? this.sim.randomPoint(this.position, 1000);
        this.#phase = 'to_pickup';
        this.#drive(pickup);
        this.#read(await this.#api('TAXI_STATE', { state: 'K' }));
        break;
      }
      case 'to_pickup':
        if (this.#advance(dt)) {
          await this.#api('ORDER_ARRIVED', { order_id: this.#orderId });
          this.#phase = 'boarding';
          this.#waitUntil = now + between(this.sim.habits.boardingDelay);
        }
        break;
      case 'boarding':
        if (now < this.#waitUntil) break;
        if (Math.random() < this.sim.habits.absentRate) {
          await this.#api('ORDER_CLIENT_ABSENT', { order_id: this.#orderId });
          this.#phase = 'free';
          await this.#api('TAXI_STATE', { state: 'W' });
          break;
        }
        await this.#api('ORDER_CLIENT_IN', { order_id: this.#orderId });
        await this.#api('TAXI_STATE', { state: 'D' });
        this.#phase = 'riding';
        this.#drive(this.#dst ?? this.sim.randomPoint(this.position, 2500));
        break;
      case 'riding':
        if (this.#advance(dt)) {
          await this.#api('RIDE_END', {
            order_id: this.#orderId,
            ...(this.#price !== null ? { price: this.#price } : {}),
          });
          this.#phase = 'free';
          this.#orderId = undefined;
          this.#waitUntil = now + between(this.sim.habits.standing);
          await this.#report('W');
          return;
        }
        break;
    }
    if (now - this.#reportedAt >= this.sim.habits.reportEvery) await this.#report();
  }
}

/** One corporation's simulated fleet. */
class Simulation {
  time = 0;
  readonly taxis: SimulatedTaxi[] = [];
  readonly call: (body: Record<string, unknown>) => Promise<Reply>;
  readonly geography: EmbeddedGeography;
  readonly habits: DriverHabits;

  constructor(
    call: (body: Record<string, unknown>) => Promise<Reply>,
    geography: EmbeddedGeography,
    habits: DriverHabits,
  ) {
    this.call = call;
    this.geography = geography;
    this.habits = habits;
  }

  /** A random point on the road network within `metres` of `near` (anywhere when none is). */
  randomPoint(near: LatLng | undefined, metres: number): LatLng {
    const { lat, lng } = this.geography.graph.data;
    for (let attempt = 0; attempt < 30; attempt++) {
      const i = Math.floor(Math.random() * lat.length);
      const point = { lat: lat[i]!, lng: lng[i]! };
      if (!near || greatCircleMetres(near, point) <= metres || attempt === 29) {
        const snapped = this.geography.graph.snap(point);
        return snapped === -1 ? point : { lat: lat[snapped]!, lng: lng[snapped]! };
      }
    }
    return near!;
  }
}

export interface SimulatorOptions {
  habits?: Partial<DriverHabits>;
}

/**
 * The demo fleet (FLEET=sim): for each corporation with a road network, FLEET_SIZE taxis (or the
 * file's fleet.size) with call numbers, colours, brands and plates, driving through the driver
 * API. FLEET_SPEED runs simulated time faster. Returns the function that stops it.
 */
export function startSimulator(
  app: FastifyInstance,
  services: Services,
  options: SimulatorOptions = {},
): () => Promise<void> {
  const { config, corporations, geo, storage, log } = services;
  const habits = { ...DEFAULT_HABITS, ...options.habits };
  const simulations: Simulation[] = [];
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();

  async function begin(corporation: Corporation): Promise<void> {
    const fleet = corporation.sections.fleet ?? {};
    if (fleet.simulate === false) return;
    const geography = await geo.embedded(corporation);
    if (!geography || geography.graph.size === 0 || stopped) return;
    const host = corporation.hostnames[0] ?? 'localhost';
    const call = async (body: Record<string, unknown>): Promise<Reply> => {
      const response = await app.inject({
        method: 'POST',
        url: '/driver/api/1/',
        headers: { host, 'content-type': 'application/json' },
        payload: body,
      });
      const reply = response.json() as Reply;
      if (reply.status !== 'OK' && body.action_id === 'LOGIN')
        throw new Error(`simulator LOGIN: ${reply.status_mesg}`);
      return reply;
    };
    const simulation = new Simulation(call, geography, { ...habits, ...fleet.habits });
    const size = fleet.size ?? config.fleet.size;
    const prefix = fleet.plate_prefix ?? 'TX';
    for (let i = 0; i < size && !stopped; i++) {
      const callNumber = String(101 + i);
      const password = randomBytes(12).toString('base64url');
      await provisionTaxi(storage.db, corporation.id, {
        call_number: callNumber,
        color: COLOURS[i % COLOURS.length]!,
        brand: BRANDS[(i * 3) % BRANDS.length]!,
        vehicle_registration: `${prefix} ${pad(1000 + ((i * 7919) % 9000), 4)}${String.fromCharCode(65 + (i % 26))}`,
        password,
      });
      await closeTaxiSessions(storage.db, corporation.id, callNumber);
      const taxi = new SimulatedTaxi(callNumber, simulation.randomPoint(undefined, 0), simulation);
      await taxi.login(password);
      simulation.taxis.push(taxi);
    }
    simulations.push(simulation);
    log.info(
      { corporation: corporation.id, taxis: size, speed: config.fleet.speed },
      'fleet simulator: driving',
    );
  }

  const starting = Promise.all(
    corporations
      .all()
      .map((corporation) =>
        begin(corporation).catch((error: unknown) =>
          log.error({ err: error, corporation: corporation.id }, 'fleet simulator: cannot start'),
        ),
      ),
  );
  let stepping = false;
  const timer = setInterval(() => {
    if (stepping || stopped) return;
    stepping = true;
    const dt = (STEP_MS / 1000) * config.fleet.speed;
    running = Promise.all(
      simulations.map(async (simulation) => {
        simulation.time += dt;
        await Promise.all(
          simulation.taxis.map((taxi) =>
            taxi
              .step(dt)
              .catch((error: unknown) =>
                log.warn({ err: error, taxi: taxi.call }, 'fleet simulator: step failed'),
              ),
          ),
        );
      }),
    ).finally(() => (stepping = false));
  }, STEP_MS);
  timer.unref();

  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all([starting, running.catch(() => {})]);
  };
}
