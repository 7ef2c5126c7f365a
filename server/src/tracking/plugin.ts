import type { FastifyInstance } from 'fastify';
import { orderEvent } from '../dispatch/record.ts';
import { dispatchSettings } from '../dispatch/settings.ts';
import type { LiveTaxi } from '@taxi/contract';
import { navPointOf, zoneOf } from '../fleet/live.ts';
import { taxiPositions } from '../fleet/taxis.ts';
import type { Services } from '../base/services.ts';
import { TrackingHub } from './hub.ts';
import { trackingSocket } from './socket.ts';

/** Live tracking for passengers: the socket at /track/api/1/ and the hub behind it. */
export async function trackingPlugin(app: FastifyInstance, services: Services) {
  const { storage, bus, geo, routes, clock } = services;
  const hub = new TrackingHub({
    bus,
    loadOrder: (corporation, orderId) =>
      orderEvent(storage.db, corporation, orderId, routes, clock.now()),
    async loadTaxis(corporation, callNumbers) {
      const rows = await taxiPositions(storage.db, corporation.id, callNumbers);
      const connectedSince = clock.now() - dispatchSettings(corporation).connectedS * 1000;
      return rows
        .filter((row) => row.updated_at > 0)
        .map((row): LiveTaxi => {
          const address = geo.loaded(corporation)?.reverseNow(row);
          return {
            id: row.call_number,
            call_number: row.call_number,
            lat: row.lat,
            lng: row.lng,
            acc: row.acc,
            address: address ? `${address.street} ${address.number}`.trim() : '',
            client: false,
            connected: row.updated_at > connectedSince,
            state: row.state,
            state_zone: zoneOf(corporation, row),
            state_nav_point: navPointOf(corporation, row),
            state_eta: null,
            alarm: false,
            at: row.updated_at,
          };
        });
    },
  });
  await trackingSocket(app, { services, hub });
}
