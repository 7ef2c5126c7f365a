/** A value whose JSON text is already written. */
export class WrittenJson {
  readonly text: string;
  readonly #value: unknown;
  constructor(value: unknown) {
    this.#value = value;
    this.text = JSON.stringify(value);
  }
  /** Anywhere but at a reply's top level (see replyJson) it is stringified as the value. */
  toJSON(): unknown {
    return this.#value;
  }
}

const written = new WeakMap<object, WrittenJson>();

/**
 * `value`'s JSON text, written once and spliced into every reply that carries the same object as
 * a top-level field: for a large part that is cached and sent again and again (a quote's road
 * route: stringifying its points was a sixth of a quote's time). Typed as the value, which is
 * what reaches the wire.
 */
export function writtenOnce<T extends object>(value: T): T {
  let json = written.get(value);
  if (!json) written.set(value, (json = new WrittenJson(value)));
  return json as unknown as T;
}

/** A reply's JSON text with its written-once fields spliced in; undefined when it has none. */
export function replyJson(reply: Record<string, unknown>): string | undefined {
  let spliced = '';
  let plain: Record<string, unknown> | undefined;
  for (const key in reply) {
    const value = reply[key];
    if (!(value instanceof WrittenJson)) continue;
    spliced += `,${JSON.stringify(key)}:${value.text}`;
    plain ??= { ...reply };
    delete plain[key];
  }
  if (!plain) return undefined;
  return `${JSON.stringify(plain).slice(0, -1)}${spliced}}`;
}
