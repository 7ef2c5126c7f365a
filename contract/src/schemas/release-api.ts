// The release API's calls (docs/releasing.md, "Release API"): what a team's deploy sends to
// /release/api/, checked by the server against these schemas (server/src/base/check.ts) and typed
// for the release command from them. A part's name, a version's semver form and a build file's
// name are checked again in code with what only the server knows.
import { type Static, Type } from '@sinclair/typebox';
import { RELEASE_PARTS } from './corporation-file.ts';

const Part = Type.Union(
  RELEASE_PARTS.map((part) => Type.Literal(part)),
  { expected: `one of ${RELEASE_PARTS.join(', ')}` },
);
const Name = (maxLength: number) => Type.String({ maxLength });
/** A semantic version (checked as one by the server). */
const Version = Name(64);
/** A share of the passengers, in percent. */
const Canary = Type.Optional(Type.Number({ minimum: 0, maximum: 100 }));

export const PublishRequestSchema = Type.Object({
  part: Part,
  version: Version,
  /** The build's release record (scripts/release.ts): part, version, content hash, … */
  record: Type.Record(Type.String(), Type.Unknown(), { expected: 'the release record' }),
  /** Build files by their path in the build, each base64. */
  files: Type.Record(Type.String(), Type.String(), { expected: 'build files, base64 by name' }),
});

export const PromoteRequestSchema = Type.Object({
  part: Part,
  version: Version,
  channel: Name(64),
  canary: Canary,
});

export const PinRequestSchema = Type.Object({
  part: Part,
  corporation: Name(64),
  /** A version, a channel or a URL. */
  use: Name(2000),
  fallback: Type.Optional(Name(2000)),
  canary: Canary,
});

export const RollbackRequestSchema = Type.Object({
  part: Part,
  target: Type.String({
    maxLength: 200,
    pattern: '^(corporation|channel):.',
    expected: 'corporation:ID or channel:NAME',
  }),
});

/** GET /release/api/health: one corporation, one part or the team's, over the last hours. */
export const HealthQuerySchema = Type.Object({
  corporation: Name(64),
  part: Type.Optional(Part),
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 31 })),
});

export type PublishRequest = Static<typeof PublishRequestSchema>;
export type PromoteRequest = Static<typeof PromoteRequestSchema>;
export type PinRequest = Static<typeof PinRequestSchema>;
export type RollbackRequest = Static<typeof RollbackRequestSchema>;
export type HealthQuery = Static<typeof HealthQuerySchema>;
