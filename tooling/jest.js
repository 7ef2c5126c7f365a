// Jest preset for the front-end packages: SWC transform, jsdom, CSS stubbed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));

const require = createRequire(import.meta.url);

export function jestConfig(dir) {
  return {
    rootDir: dir,
    // jsdom with the web platform globals Node has (fetch, Response, TextEncoder…).
    testEnvironment: require.resolve('jest-fixed-jsdom'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?@taxi)'],
    moduleNameMapper: {
      '\\.css$': 'identity-obj-proxy',
      // The package behind the react-i18next surface, as in webpack.js.
      '^react-i18next-unshared$': 'react-i18next',
    },
    setupFilesAfterEnv: [path.join(here, 'jest.setup.js')],
  };
}
