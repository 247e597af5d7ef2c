/**
 * The checks of the admin endpoints' inputs (fault and settings bodies, journal filters): each bad
 * value is a 400 whose message names the field, as every bad input of the mock is.
 */
import { badRequest } from '../errors.js';

export type Field<T> = (value: unknown, name: string) => T;

export const wholeNumber: Field<number> = (value, name) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw badRequest(`${name}: expected a whole number (0 or more), got ${JSON.stringify(value)}`);
  return value;
};

export const positiveNumber: Field<number> = (value, name) => {
  if (wholeNumber(value, name) === 0) throw badRequest(`${name}: expected a whole number of at least 1, got 0`);
  return value as number;
};

/** A whole number written in a query string. */
export const wholeNumberText: Field<number> = (value, name) => wholeNumber(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value, name);

export function oneOf<T extends string>(values: readonly T[]): Field<T> {
  return (value, name) => {
    if (!values.includes(value as T)) throw badRequest(`${name}: expected one of ${values.join(', ')}, got ${JSON.stringify(value)}`);
    return value as T;
  };
}

/** The body as an object whose keys are all among the known fields. */
export function objectBody(body: unknown, known: readonly string[]): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body: expected a JSON object');
  for (const key of Object.keys(body)) {
    if (!known.includes(key)) throw badRequest(`body.${key}: unknown field; expected ${known.join(', ')}`);
  }
  return body as Record<string, unknown>;
}
