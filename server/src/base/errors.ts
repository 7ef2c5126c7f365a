import { type ErrorCode, type ErrorReply, ERROR_MESSAGES } from '@taxi/contract';

/** Thrown by an action to end it with an ERR reply (the catalogue: @taxi/contract). */
export class ApiFailure extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string = ERROR_MESSAGES[code]) {
    super(message);
    this.name = 'ApiFailure';
    this.code = code;
  }
}

export function errorReply(code: ErrorCode, message: string = ERROR_MESSAGES[code]): ErrorReply {
  return { status: 'ERR', status_mesg: message, error_data: code };
}
