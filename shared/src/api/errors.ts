import { type ErrorCode, isErrorCode } from '@taxi/contract';

/**
 * The code of an ERR reply whose `error_data` is missing or not in the catalogue: it reads
 * 'Error in execution, try again later' (spec section 8), never EXCEPTION's text.
 */
export const UNKNOWN_ERROR = 'UNKNOWN';

/** What an ApiError's code can be: a code of the catalogue (@taxi/contract), or UNKNOWN. */
export type ApiErrorCode = ErrorCode | typeof UNKNOWN_ERROR;

/** A reply's error_data as the screens compare it: a code of the catalogue, or UNKNOWN. */
export function apiErrorCode(errorData: string): ApiErrorCode {
  return isErrorCode(errorData) ? errorData : UNKNOWN_ERROR;
}

/** An ERR reply, or CONNECTION_ERROR when no usable reply came. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly statusMesg: string | undefined;

  /** `code`: the reply's error_data as it came; a code outside the catalogue is UNKNOWN. */
  constructor(code: string, statusMesg?: string) {
    super(statusMesg ? `${code}: ${statusMesg}` : code);
    this.name = 'ApiError';
    this.code = apiErrorCode(code);
    this.statusMesg = statusMesg;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function connectionError(): ApiError {
  return new ApiError('CONNECTION_ERROR');
}
