// The first thing a value gets wrong against a schema, in words a person fixing a file can act
// on: its JSON pointer and what was expected there (`/settings/color: expected a string`).
import type { TSchema } from '@sinclair/typebox';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';

export interface SchemaProblem {
  /** A JSON pointer to the field ('' for the whole value). */
  path: string;
  /** "expected a string", "unknown field; did you mean invoicing?" */
  message: string;
}

/** The errors of a value of the wrong JSON type. */
const WRONG_TYPE = new Set([
  ValueErrorType.String,
  ValueErrorType.Number,
  ValueErrorType.Integer,
  ValueErrorType.Boolean,
  ValueErrorType.Array,
  ValueErrorType.Object,
  ValueErrorType.Null,
]);

const TYPE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** What a schema takes, from its `expected` or its JSON type. */
function takes(schema: TSchema): string {
  if (typeof schema.expected === 'string') return schema.expected;
  return (typeof schema.type === 'string' && TYPE[schema.type]) || 'a value';
}

/** Edit distance, to suggest the field an unknown one was probably meant to be. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        row[j]! + 1,
        next[j - 1]! + 1,
        row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length]!;
}

function unknownField(error: ValueError): string {
  const key = decodeURIComponent(error.path.slice(error.path.lastIndexOf('/') + 1))
    .replaceAll('~1', '/')
    .replaceAll('~0', '~');
  const known = Object.keys((error.schema.properties ?? {}) as object);
  const [closest] = known
    .map((name) => ({ name, far: distance(key, name) }))
    .filter(({ name, far }) => far <= Math.max(2, Math.floor(name.length / 3)))
    .sort((a, b) => a.far - b.far);
  return closest ? `unknown field; did you mean ${closest.name}?` : 'unknown field';
}

/** What the schema of an error takes, in words. */
function expected(error: ValueError): string {
  const schema = error.schema;
  if (typeof schema.expected === 'string') return schema.expected;
  switch (error.type) {
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `at least ${schema.minimum}`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `at most ${schema.maximum}`;
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
      return `above ${schema.exclusiveMinimum}`;
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1
        ? 'a non-empty string'
        : `at least ${schema.minLength} characters`;
    case ValueErrorType.StringMaxLength:
      return `at most ${schema.maxLength} characters`;
    case ValueErrorType.StringPattern:
      return `text matching ${schema.pattern}`;
    case ValueErrorType.Literal:
      return JSON.stringify(schema.const);
    case ValueErrorType.Tuple:
    case ValueErrorType.TupleLength:
      return `a list of ${(schema.items as unknown[] | undefined)?.length ?? 0}`;
    case ValueErrorType.ObjectRequiredProperty:
      return takes(schema);
    default:
      return WRONG_TYPE.has(error.type) ? takes(schema) : error.message.toLowerCase();
  }
}

/** The error to report: inside a union, the branch that got furthest into the value. */
function deepest(error: ValueError): ValueError {
  if (error.type !== ValueErrorType.Union) return error;
  const firsts = error.errors
    .map((branch) => branch.First())
    .filter((first): first is ValueError => first !== undefined)
    .map(deepest);
  const best = firsts.sort((a, b) => b.path.length - a.path.length)[0];
  return best && best.path.length > error.path.length ? best : error;
}

function problemOf(error: ValueError): SchemaProblem {
  const found = deepest(error);
  if (found.type === ValueErrorType.ObjectAdditionalProperties)
    return { path: found.path, message: unknownField(found) };
  if (found.type === ValueErrorType.ObjectRequiredProperty)
    return { path: found.path, message: `missing; expected ${expected(found)}` };
  return { path: found.path, message: `expected ${expected(found)}` };
}

/** The first problem of `value` against `schema`, or undefined when it conforms. */
export function schemaProblem(schema: TSchema, value: unknown): SchemaProblem | undefined {
  const first = Value.Errors(schema, value).First();
  return first && problemOf(first);
}
