// The tracking socket's client messages (spec section 7) as runtime schemas: the server checks an
// incoming message against its action's schema; ../tracking.ts infers the types from them. Extra
// fields are allowed, as they always were: the server reads only these.
import { Type } from '@sinclair/typebox';

/** Logs in to an order with its short id and secret; `user_agent` is the app's. */
export const TrackLoginMessageSchema = Type.Object({
  action_id: Type.Literal('LOGIN'),
  user_agent: Type.String(),
  order_short_id: Type.String(),
  secret: Type.String(),
});

/** The client's replies to what the server sent: they keep the connection alive. */
export const TrackAcknowledgementSchema = Type.Object({
  action_id: Type.Union([
    Type.Literal('PING'),
    Type.Literal('ORDER_UPDATE'),
    Type.Literal('TAXI_STATE_UPDATE'),
  ]),
  status: Type.Literal('OK'),
});

/** Cancels the order; only with the token of the client who placed it. */
export const TrackCancelMessageSchema = Type.Object({
  action_id: Type.Literal('ORDER_CANCEL'),
  auth: Type.String(),
});
