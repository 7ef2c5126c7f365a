import { ApiFailure } from '../base/errors.ts';
import type { Payload } from './check.ts';

/**
 * Readers for the parameters of the actions that have no schema yet (./check.ts checks the
 * others). Over GET every value arrives as text (objects as JSON, booleans as "true"), over POST
 * as JSON: each reader accepts both. A missing or mistyped field is ARG_ERROR; a well-formed
 * value outside its bounds is INVALID_DATA.
 */

function missing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'null';
}

function argError(name: string, expected: string): ApiFailure {
  return new ApiFailure('ARG_ERROR', `${name}: expected ${expected}`);
}

export function text(value: unknown, name: string, maxLength = 255): string {
  if (missing(value)) throw argError(name, 'a value');
  return optionalText(value, name, maxLength) as string;
}

export function optionalText(value: unknown, name: string, maxLength = 255): string | undefined {
  if (missing(value)) return undefined;
  const result = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof result !== 'string') throw argError(name, 'text');
  if (result.length > maxLength)
    throw new ApiFailure('INVALID_DATA', `${name}: at most ${maxLength} characters`);
  return result;
}

export function integer(value: unknown, name: string, min: number, max: number): number {
  if (missing(value)) throw argError(name, 'a whole number');
  return optionalInteger(value, name, min, max) as number;
}

function optionalInteger(
  value: unknown,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (missing(value)) return undefined;
  const number =
    typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number))
    throw argError(name, 'a whole number');
  if (number < min || number > max)
    throw new ApiFailure('INVALID_DATA', `${name}: from ${min} to ${max}`);
  return number;
}

export function optionalNumber(value: unknown, name: string): number | undefined {
  if (missing(value)) return undefined;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw argError(name, 'a number');
  return number;
}

/** `lat` and `lng` of a payload: ARG_ERROR when missing, INVALID_DATA outside the globe. */
export function position(payload: Payload): { lat: number; lng: number } {
  const lat = optionalNumber(payload.lat, 'lat');
  const lng = optionalNumber(payload.lng, 'lng');
  if (lat === undefined || lng === undefined)
    throw new ApiFailure('ARG_ERROR', 'lat and lng are required');
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
    throw new ApiFailure('INVALID_DATA', 'lat, lng: out of range');
  return { lat, lng };
}

/** Objects arrive as JSON text over GET and as JSON values over POST. */
function decoded(value: unknown, name: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw argError(name, 'an object');
  }
}

export function record(value: unknown, name: string): Payload {
  const result = decoded(value, name);
  if (typeof result !== 'object' || result === null || Array.isArray(result))
    throw argError(name, 'an object');
  return result as Payload;
}
