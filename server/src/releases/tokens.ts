// The release API's keys: one per team, scoped to parts and optionally to corporations. Only a
// hash is stored; the token itself is shown once, when the operator creates it.
import { newToken, tokenHash } from '../security/secrets.ts';
import type { Db } from '../db/storage.ts';
import { CORPORATION_ID } from '../corporations/directory.ts';
import { RELEASE_NAMES, type ReleaseName } from './resolve.ts';

export interface TeamScope {
  team: string;
  parts: ReleaseName[];
  /** Empty: every corporation. */
  corporations: string[];
}

const TEAM = /^[a-z0-9][a-z0-9_-]{0,62}$/;

const list = (text: string) => text.split(',').filter(Boolean);

/** Creates a team's token; the only time it is seen in clear. */
export async function createToken(db: Db, scope: TeamScope, now: number): Promise<string> {
  if (!TEAM.test(scope.team)) throw new Error('team: lower-case letters, digits, - and _');
  if (scope.parts.length === 0) throw new Error('a token needs at least one part');
  for (const part of scope.parts)
    if (!(RELEASE_NAMES as readonly string[]).includes(part))
      throw new Error(`unknown part ${part}`);
  for (const corporation of scope.corporations)
    if (!CORPORATION_ID.test(corporation)) throw new Error(`not a corporation id: ${corporation}`);
  const { token, hash } = newToken('taxirel_');
  await db
    .insertInto('release_tokens')
    .values({
      team: scope.team,
      token_sha256: hash,
      parts: scope.parts.join(','),
      corporations: scope.corporations.join(','),
      created_at: now,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** Revokes every live token of a team; how many. */
export async function revokeTokens(db: Db, team: string, now: number): Promise<number> {
  const result = await db
    .updateTable('release_tokens')
    .set({ revoked_at: now })
    .where('team', '=', team)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listTokens(db: Db) {
  return db
    .selectFrom('release_tokens')
    .select(['id', 'team', 'parts', 'corporations', 'created_at', 'revoked_at'])
    .orderBy('id')
    .execute();
}

/** The scope of a live token, or undefined. */
export async function scopeOf(db: Db, token: string): Promise<TeamScope | undefined> {
  const row = await db
    .selectFrom('release_tokens')
    .select(['team', 'parts', 'corporations'])
    .where('token_sha256', '=', tokenHash(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      team: row.team,
      parts: list(row.parts) as ReleaseName[],
      corporations: list(row.corporations),
    }
  );
}
