import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import type { ApiPath } from '@taxi/contract';
import { ACTION_NAMES } from '@taxi/contract/action-names';
import { assertErr } from '../support/api.ts';
import { taxiCorporation } from '../support/fixtures.ts';
import { startApp } from '../support/helpers.ts';

/** The text of a section of the server's API reference, to check that it names what the code has. */
function apiReferenceSection(heading: string): string {
  const reference = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const start = reference.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `server/README.md has no section "${heading}"`);
  return reference.slice(start + 1).split(/\n## /)[0]!;
}

const SECTIONS: Record<ApiPath, string> = {
  '/api/2/': 'The client API',
  '/rate/api/1/': 'The rating API',
  '/driver/api/1/': 'The driver API',
};

const sorted = (names: readonly string[]) => [...names].sort();

const { app } = await startApp({ corporations: [taxiCorporation('demo', ['localhost'])] });

describe('the contract (@taxi/contract) and the server agree', () => {
  for (const [path, heading] of Object.entries(SECTIONS) as [ApiPath, string][]) {
    test(`server/README.md "${heading}" documents every contract action of ${path}`, () => {
      const section = apiReferenceSection(heading);
      const undocumented = ACTION_NAMES[path].filter((name) => !section.includes(`\`${name}\``));
      assert.deepEqual(undocumented, []);
    });
  }

  test('the client API serves exactly the contract actions', () => {
    assert.deepEqual(sorted(app.services.actions.names()), sorted(ACTION_NAMES['/api/2/']));
  });

  for (const path of ['/rate/api/1/', '/driver/api/1/'] as const) {
    test(`${path} serves every contract action and refuses others`, async () => {
      const post = async (action: string) =>
        (
          await app.inject({
            method: 'POST',
            url: path,
            headers: { host: 'localhost', 'content-type': 'application/json' },
            payload: JSON.stringify({ action_id: action }),
          })
        ).json();
      for (const action of ACTION_NAMES[path]) {
        const reply = await post(action);
        assert.doesNotMatch(String(reply.status_mesg), /^Unknown action/, action);
      }
      const unknown = await post('NO_SUCH_ACTION');
      assertErr(unknown, 'ACTION_NOT_ALLOWED');
      assert.match(unknown.status_mesg, /^Unknown action/);
    });
  }
});
