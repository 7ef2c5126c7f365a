import { Kind, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { ApiFailure } from './errors.ts';

/**
 * A call's parameters checked against its action's schema (@taxi/contract/schemas). Over GET
 * every value arrives as text (objects as JSON, booleans as "true"), over POST as JSON: the
 * values are first read as the schema types them, once, then the compiled schema checks the
 * whole call. A missing or mistyped field is ARG_ERROR; a well-formed value outside its bounds
 * is INVALID_DATA.
 */
export type Payload = Record<string, unknown>;

/** What a schema node says beyond JSON Schema (see @taxi/contract/schemas). */
interface Node {
  [Kind]?: string;
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  anyOf?: Node[];
  default?: unknown;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  expected?: string;
  outOfRange?: boolean;
  textOnly?: boolean;
}

/** How GET says "no value": absent, null, empty or the text "null". */
function missing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'null';
}

/** The one schema of a value-or-null, the literals of a choice. */
function members(node: Node): { value?: Node; literals: boolean } {
  const anyOf = (node.anyOf ?? []).filter((member) => member[Kind] !== 'Null');
  return {
    value: anyOf.length === 1 ? anyOf[0] : undefined,
    literals: anyOf.length > 0 && anyOf.every((member) => member[Kind] === 'Literal'),
  };
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const isRecord = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Coerce = (value: unknown) => unknown;

const same: Coerce = (value) => value;

/** A fresh copy of a field's default (a list is never shared between calls). */
function defaultOf(node: Node): () => unknown {
  const value = node.default;
  if (Array.isArray(value) && value.length === 0) return () => [];
  return typeof value === 'object' && value !== null ? () => structuredClone(value) : () => value;
}

/**
 * An object's coercer, written out for its fields: each field read and coerced at a call site
 * of its own, so the engine's caches at each site see one shape and one function (a loop over
 * the fields of every schema is one site for all of them, and costs several times as much).
 * Field names come from the schema only, as JSON string literals.
 */
function objectCoercer(node: Node): Coerce {
  const fields = Object.entries(node.properties ?? {}).map(([key, property]) => ({
    key: JSON.stringify(key),
    coerce: coercer(property),
    absent: 'default' in property ? defaultOf(property) : undefined,
  }));
  const steps = fields.map(({ key, coerce, absent }, i) => {
    const present = coerce === same ? `r[${key}] = v;` : `r[${key}] = c${i}(v);`;
    const otherwise = absent ? ` else r[${key}] = a${i}();` : '';
    return `v = o[${key}];\nif (!missing(v)) ${present}${otherwise}`;
  });
  const names = fields.flatMap((_, i) => [`c${i}`, `a${i}`]);
  const make = new Function(
    'parsed',
    'isRecord',
    'missing',
    ...names,
    // A new object of the schema's fields only: what the handler reads, nothing else.
    `return function (value) {
      const o = parsed(value);
      if (!isRecord(o)) return o;
      const r = {};
      let v;
      ${steps.join('\n')}
      return r;
    };`,
  ) as (...parts: unknown[]) => Coerce;
  return make(
    parsed,
    isRecord,
    missing,
    ...fields.flatMap(({ coerce, absent }) => [coerce, absent]),
  );
}

/**
 * Reads a value as `node` types it (numbers and flags from text, objects and lists from JSON;
 * an absent field takes its default): built once per schema, run on every call.
 */
function coercer(node: Node): Coerce {
  switch (node[Kind]) {
    case 'String':
      return node.textOnly
        ? same
        : (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value);
    case 'Integer':
      return (value) =>
        typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value;
    case 'Number':
      return (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
    case 'Boolean':
      return (value) => {
        if (value === true || value === 'true' || value === 1 || value === '1') return true;
        if (value === false || value === 'false' || value === 0 || value === '0') return false;
        return value;
      };
    case 'Union': {
      const { value: only, literals } = members(node);
      if (literals) return (value) => (typeof value === 'number' ? String(value) : value);
      return only ? coercer(only) : same;
    }
    case 'Array': {
      const item = node.items ? coercer(node.items) : same;
      return (value) => {
        const list = parsed(value);
        return Array.isArray(list) ? list.map(item) : list;
      };
    }
    case 'Object':
      return objectCoercer(node);
    default:
      return same;
  }
}

function argError(name: string, expected: string): ApiFailure {
  return new ApiFailure('ARG_ERROR', `${name}: expected ${expected}`);
}

/** What a node takes, as an ARG_ERROR names it. */
function expectation(node: Node): string {
  switch (node[Kind]) {
    case 'String':
      return node.expected ?? 'text';
    case 'Integer':
      return 'a whole number';
    case 'Number':
      return 'a number';
    case 'Boolean':
      return 'true or false';
    case 'Object':
      return 'an object';
    case 'Array':
      return 'a list';
    case 'Union': {
      const { value: only } = members(node);
      return node.expected ?? (only ? expectation(only) : 'a value');
    }
    default:
      return node.expected ?? 'a value';
  }
}

const join = (name: string, key: string) => (name ? `${name}.${key}` : key);

/** The catalogue error of the first field of `value` that `node` refuses. */
function failure(node: Node, value: unknown, name: string): ApiFailure {
  if (value === undefined)
    return argError(name, node[Kind] === 'String' ? 'a value' : expectation(node));
  switch (node[Kind]) {
    case 'String':
      // Too long is out of bounds; the wrong form (a pattern's) is a mistyped value.
      if (typeof value !== 'string' || !(value.length > (node.maxLength ?? Infinity))) break;
      return new ApiFailure('INVALID_DATA', `${name}: at most ${node.maxLength} characters`);
    case 'Integer':
    case 'Number':
      if (!(node[Kind] === 'Integer' ? Number.isSafeInteger(value) : Number.isFinite(value))) break;
      return new ApiFailure('INVALID_DATA', `${name}: from ${node.minimum} to ${node.maximum}`);
    case 'Union': {
      const { value: only, literals } = members(node);
      if (literals && typeof value === 'string' && node.outOfRange)
        return new ApiFailure('INVALID_DATA', `${name}: ${node.expected}`);
      if (only) return failure(only, value, name);
      break;
    }
    case 'Array':
      if (!Array.isArray(value)) break;
      if (node.maxItems !== undefined && value.length > node.maxItems)
        return new ApiFailure('INVALID_DATA', `${name}: at most ${node.maxItems} items`);
      for (const item of value)
        if (!Value.Check(node.items as TSchema, item)) return failure(node.items!, item, name);
      break;
    case 'Object':
      if (!isRecord(value)) break;
      for (const [key, property] of Object.entries(node.properties ?? {})) {
        const field = value[key];
        if (
          field === undefined
            ? node.required?.includes(key)
            : !Value.Check(property as TSchema, field)
        )
          return failure(property, field, join(name, key));
      }
      break;
  }
  return argError(name, expectation(node));
}

/**
 * Checks a call against its schema, compiled once; resolves to the call as the schema types it.
 * A call with nothing to read (no body, no query) is read as one without fields, so the error
 * names the first field it lacks.
 */
export function compileCheck<Schema extends TSchema>(
  schema: Schema,
): (payload: unknown) => Static<Schema> {
  const compiled = TypeCompiler.Compile(schema);
  const coerce = coercer(schema as Node);
  return (payload) => {
    const value = coerce(typeof payload === 'object' && payload !== null ? payload : {});
    if (!compiled.Check(value)) throw failure(schema as Node, value, '');
    return value as Static<Schema>;
  };
}
