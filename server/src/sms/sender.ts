// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

/**
 * One text message to one phone (E.164). `code` is what the message carries and `corporationId`
 * who sent it, both for the outbox.
 */
export interface SmsMessage {
  phone: string;
  text: string;
  code: string;
  corporationId: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

declare module '../base/services.ts' {
  interface Services {
    sms: SmsSender;
  }
}
