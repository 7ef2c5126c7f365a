/** The tracking socket, /track/api/1/ (spec section 7): one JSON object with `action_id` a message. */
import type { Static } from '@sinclair/typebox';
import type { ErrorCode } from './errors.ts';
import type { LiveTaxi, TaxiInfo, TrackingRecord } from './entities.ts';
import type {
  TrackAcknowledgementSchema,
  TrackCancelMessageSchema,
  TrackLoginMessageSchema,
} from './schemas/tracking.ts';

/** The socket's path. */
export const TRACKING_SOCKET_PATH = '/track/api/1/';

// Client -> server: the types of the schemas the server checks them against (./schemas/tracking.ts),
// imported as types only so that a browser bundle never loads TypeBox.

export type TrackLoginMessage = Static<typeof TrackLoginMessageSchema>;
/** The client's replies to what the server sent: they keep the connection alive. */
export type TrackAcknowledgement = Static<typeof TrackAcknowledgementSchema>;
/** Cancels the order; only with the token of the client who placed it. */
export type TrackCancelMessage = Static<typeof TrackCancelMessageSchema>;

export type TrackClientMessage = TrackLoginMessage | TrackAcknowledgement | TrackCancelMessage;

// Server -> client.

export interface TrackLoginVars {
  order_id: number;
  order_short_id: string;
  ping_interval_s: number;
  /** Epoch milliseconds. */
  server_time: number;
}

export interface TrackLoginAccepted {
  action_id: 'LOGIN';
  status: 'OK';
  status_mesg: 'OK';
  error: null;
  error_data: null;
  vars: TrackLoginVars;
}

/** A refusal or failure of any message; LOGIN's and a broken limit's carry `vars: null`. */
export interface TrackFailure {
  action_id: string;
  status: 'ERR';
  status_mesg: string;
  error: ErrorCode;
  error_data: ErrorCode;
  vars?: null;
}

export interface TrackOrderUpdate {
  action_id: 'ORDER_UPDATE';
  order: TrackingRecord;
  /** Per call number. */
  taxis_data: Record<string, TaxiInfo>;
}

export interface TrackTaxiUpdate {
  action_id: 'TAXI_STATE_UPDATE';
  taxi: LiveTaxi;
}

export interface TrackPing {
  action_id: 'PING';
}

export interface TrackCancelled {
  action_id: 'ORDER_CANCEL';
  status: 'OK';
  status_mesg: 'OK';
}

export type TrackServerMessage =
  | TrackLoginAccepted
  | TrackFailure
  | TrackOrderUpdate
  | TrackTaxiUpdate
  | TrackPing
  | TrackCancelled;
