// The shape of every action, client's and driver app's alike.

/** An action: what the caller sends and what an OK reply carries. */
export interface Call<Request, Reply> {
  request: Request;
  reply: Reply;
}

/** An action without parameters of its own, or a reply without fields of its own. */
export type Nothing = Record<never, never>;
