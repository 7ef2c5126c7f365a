// One lint setup for every package (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Import zones: contract ← shared ← remotes ← host, and contract ← server. A package imports
 * only packages below it, by their names (a relative path into another package would bypass
 * the shared singleton); a remote never imports another remote; the host imports remotes as
 * types only (its route table is checked against what they expose); the server imports no
 * front-end code. The tools (bench/, e2e/, scripts/) import the packages they drive by name too,
 * the server's test support included (@taxi/server/test-support/…). scripts/lint-zones.test.ts
 * proves each zone.
 */
const REMOTES = 'remote-[a-z]+';

/** Every package's folder. */
const PACKAGES = ['contract', 'shared', 'host', REMOTES, 'server', 'tooling', 'e2e', 'bench'];

/** Imports of these package folders by name (@taxi/…). */
const named = (folders, message, extra = {}) => ({
  regex: `^@taxi/(${folders.join('|')})(/|$)`,
  message,
  ...extra,
});

/** Imports of these package folders by a relative path out of the importing package. */
const relative = (folders, message) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  message,
});

const byName = 'import another package by its name (@taxi/…), not by a relative path';

/** The package folders other than `own`. */
const without = (own) => PACKAGES.filter((folder) => folder !== own);

const frontEnd = ['shared', 'host', REMOTES];

/** One block per zone (a file is in one zone at most: a later block would replace the rule). */
const zone = (files, ...patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

const sharedZone = [
  named(
    ['host', REMOTES, 'server'],
    'shared is below the remotes and the host, apart from the server',
  ),
  relative(
    ['host', REMOTES, 'server'],
    'shared is below the remotes and the host, apart from the server',
  ),
  relative(['contract'], byName),
];

const zones = [
  zone(
    ['contract/**'],
    named([...frontEnd, 'server'], 'contract is at the bottom: it imports nothing of ours'),
    relative([...frontEnd, 'server'], 'contract is at the bottom: it imports nothing of ours'),
  ),
  zone(['shared/**'], ...sharedZone),
  {
    // Its tests run in one module registry: they may reach the page's state by path.
    ...zone(['shared/src/map/**'], ...sharedZone, {
      regex: '^\\.\\./(i18n|session|api|notifications|order|tracking)(/|$)',
      message:
        "the map is a shared module of its own: a relative import of the page's state would bundle a second copy (take it through react-i18next, jotai or props)",
    }),
    ignores: ['**/*.test.{ts,tsx}'],
  },
  zone(
    ['remote-*/**'],
    named(['host'], 'a remote never imports the host'),
    named([REMOTES], 'a remote never imports another remote (the host composes them)'),
    named(['server'], 'the front end reaches the server over HTTP only'),
    relative(['host', REMOTES, 'server'], 'a remote imports only shared and contract'),
    relative(['shared', 'contract'], byName),
  ),
  zone(
    ['host/**'],
    named([REMOTES], 'the host loads remotes at run time; it imports their types only', {
      allowTypeImports: true,
    }),
    named(['server'], 'the front end reaches the server over HTTP only'),
    relative(['server'], 'the front end reaches the server over HTTP only'),
    relative([REMOTES, 'shared', 'contract'], byName),
  ),
  zone(
    ['server/**'],
    named(frontEnd, 'the server imports no front-end code'),
    relative(frontEnd, 'the server imports no front-end code'),
    relative(['contract'], byName),
  ),
  zone(['bench/**'], relative(without('bench'), byName)),
  zone(['e2e/**'], relative(without('e2e'), byName)),
  // The root package's own scripts: every package folder is another's.
  zone(['scripts/**'], relative(PACKAGES, byName)),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'releases/**',
      '.tools/**',
      'data/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...zones,
  {
    files: ['**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
