// The disk quota of each team's uploads through the release API (RELEASE_TEAM_QUOTA_MB).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { limitsConfig } from '../src/base/config.ts';
import { hashFiles } from '../src/releases/files.ts';
import { createToken } from '../src/releases/tokens.ts';
import { startApp } from './support/helpers.ts';

async function quotaApp() {
  const { app } = await startApp({
    config: { limits: { ...limitsConfig({}), releaseTeamQuotaMb: 1 } },
  });
  const db = app.services.storage.db;
  const tokenOf = (team: string) =>
    createToken(db, { team, parts: ['legal'], corporations: [] }, Date.now());
  const [legal, other] = [await tokenOf('legal'), await tokenOf('other')];
  /** A release of legal with a picture of 600 kB that no compression shrinks. */
  const publish = async (token: string, version: string) => {
    const files = new Map([
      ['mf-manifest.json', Buffer.from('{"id":"legal"}')],
      ['img/photo.png', randomBytes(600 * 1024)],
    ]);
    const record = { name: 'legal', version, content_sha256: hashFiles(files) };
    const payload = {
      part: 'legal',
      version,
      record,
      files: Object.fromEntries(
        [...files].map(([name, bytes]) => [name, bytes.toString('base64')]),
      ),
    };
    const headers = { authorization: `Bearer ${token}` };
    return (
      await app.inject({ method: 'POST', url: '/release/api/publish', headers, payload })
    ).json();
  };
  return { legal, other, publish };
}

test("a team's uploads stop at its disk quota; other teams keep theirs", async () => {
  const { legal, other, publish } = await quotaApp();
  assert.equal((await publish(legal, '1.0.0')).status, 'OK');
  const refused = await publish(legal, '1.0.1');
  assert.equal(refused.error_data, 'ACTION_NOT_ALLOWED');
  assert.match(refused.status_mesg, /team legal: .* 1 MB quota \(RELEASE_TEAM_QUOTA_MB\)/);
  assert.equal((await publish(other, '1.0.2')).status, 'OK');
});

test("two uploads at once cannot pass a team's quota together", async () => {
  const { legal, publish } = await quotaApp();
  const results = await Promise.all([publish(legal, '1.0.0'), publish(legal, '1.0.1')]);
  assert.deepEqual(results.map((result) => result.status === 'OK').sort(), [false, true]);
});
