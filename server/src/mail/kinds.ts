import type { Corporation } from '../corporations/directory.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

/** A mail ready to send, rendered at the send from what its row names. */
export interface MailContent {
  /** Whose mail it is: the sender is its settings' self_email (or MAIL_FROM) under its name. */
  corporation: Corporation;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer }[];
}

/**
 * Renders a queued mail of one kind from its reference (an order's id, a client's id); null when
 * there is nothing to send any more (the address was removed or is no longer confirmed): the
 * mail is then skipped, not retried.
 */
export type RenderMail = (ref: string) => Promise<MailContent | null>;

/** The kinds of mail a server sends, each registered by the concern that owns it. */
export class MailKinds {
  readonly #kinds = new Map<string, RenderMail>();

  register(kind: string, render: RenderMail): void {
    if (this.#kinds.has(kind)) throw new Error(`mail kind ${kind} registered twice`);
    this.#kinds.set(kind, render);
  }

  renderer(kind: string): RenderMail | undefined {
    return this.#kinds.get(kind);
  }
}

declare module '../base/services.ts' {
  interface Services {
    /** The kinds of mail the outbox renders at the send (mail/kinds.ts): each concern adds its own. */
    mail: MailKinds;
  }
}
