// The import zones of eslint.config.js, one import each way per zone (node --test scripts/).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

/** The zone rule's messages for one import written in a file at `file` (need not exist). */
async function refusals(file: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport { a };\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

type Case = [what: string, file: string, importLine: string];

const refused: Case[] = [
  ['shared imports the host', 'shared/src/a.ts', "import a from '@taxi/host';"],
  ['shared imports a remote', 'shared/src/a.ts', "import a from '@taxi/remote-tracking/exposes';"],
  [
    'shared reaches a remote by path',
    'shared/src/b/a.ts',
    "import a from '../../../remote-legal/src/a';",
  ],
  ['a remote imports the host', 'remote-ordering/src/a.ts', "import a from '@taxi/host';"],
  [
    'a remote reaches the host by path',
    'remote-ordering/src/b/a.ts',
    "import a from '../../../host/src/a';",
  ],
  [
    'a remote imports another',
    'remote-ordering/src/a.ts',
    "import a from '@taxi/remote-tracking/exposes';",
  ],
  [
    'a remote reaches another by path',
    'remote-account/src/b/a.ts',
    "import a from '../../../remote-legal/src/a';",
  ],
  [
    'a remote reaches shared by path',
    'remote-tracking/src/b/a.ts',
    "import a from '../../../shared/src/a';",
  ],
  ['the host runs a remote', 'host/src/a.ts', "import { a } from '@taxi/remote-tracking/exposes';"],
  ['the server imports shared', 'server/src/a.ts', "import { a } from '@taxi/shared';"],
  [
    'the server imports a remote',
    'server/src/a.ts',
    "import { a } from '@taxi/remote-ordering/exposes';",
  ],
  [
    'the server imports the host',
    'server/src/b/a.ts',
    "import { a } from '../../../host/src/a.ts';",
  ],
  [
    "the map entry bundles the page's i18n",
    'shared/src/map/a.ts',
    "import { addTranslations } from '../i18n/i18n';",
  ],
  ['the map entry imports a remote', 'shared/src/map/a.ts', "import a from '@taxi/remote-legal';"],
  ['contract imports shared', 'contract/src/a.ts', "import { a } from '@taxi/shared';"],
  [
    'contract imports the server',
    'contract/src/a.ts',
    "import { a } from '../../server/src/a.ts';",
  ],
  [
    'contract imports a remote',
    'contract/src/a.ts',
    "import { a } from '@taxi/remote-legal/exposes';",
  ],
  ['a bench reaches the server by path', 'bench/a.ts', "import { a } from '../server/src/x.ts';"],
  [
    'a bench reaches the browser tests by path',
    'bench/a.ts',
    "import { a } from '../e2e/support/app.ts';",
  ],
  [
    "a browser test reaches the server's test support by path",
    'e2e/tests/a.test.ts',
    "import { a } from '../../server/test/support/api.ts';",
  ],
  [
    'a browser test reaches shared by path',
    'e2e/tests/a.test.ts',
    "import { a } from '../../shared/src/model/constants.ts';",
  ],
  [
    'a script reaches the server by path',
    'scripts/release/a.ts',
    "import { a } from '../../server/src/releases/files.ts';",
  ],
  [
    'a script reaches tooling by path',
    'scripts/a.ts',
    "import { a } from '../tooling/singletons.js';",
  ],
];

const allowed: Case[] = [
  ['a remote imports shared', 'remote-ordering/src/a.ts', "import { a } from '@taxi/shared';"],
  [
    'a remote imports its own module',
    'remote-ordering/src/b/a.ts',
    "import { a } from '../common/a';",
  ],
  ['the host imports shared', 'host/src/a.ts', "import { a } from '@taxi/shared';"],
  [
    'the host types a remote',
    'host/src/a.ts',
    "import type { a } from '@taxi/remote-tracking/exposes';",
  ],
  [
    'the map entry takes constants',
    'shared/src/map/a.ts',
    "import { MAP } from '../model/constants';",
  ],
  ['shared imports contract', 'shared/src/a.ts', "import { a } from '@taxi/contract';"],
  ['the server imports contract', 'server/src/a.ts', "import { a } from '@taxi/contract';"],
  ['the server imports its own module', 'server/src/b/a.ts', "import { a } from '../db/a.ts';"],
  [
    "a bench imports the server's test support by name",
    'bench/a.ts',
    "import { a } from '@taxi/server/test-support/api';",
  ],
  ['a bench imports its own module', 'bench/a.ts', "import { a } from './cdp.ts';"],
  [
    'a browser test imports its own support',
    'e2e/tests/a.test.ts',
    "import { a } from '../support/app.ts';",
  ],
  ['a script imports its own module', 'scripts/release/a.ts', "import { a } from '../release.ts';"],
];

for (const [verdict, cases] of [
  ['refused', refused],
  ['allowed', allowed],
] as const) {
  for (const [what, file, importLine] of cases) {
    test(`${verdict}: ${what}`, async () => {
      const expected = verdict === 'refused' ? 1 : 0;
      assert.equal((await refusals(file, importLine)).length, expected, importLine);
    });
  }
}
