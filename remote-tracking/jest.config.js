import { jestConfig } from '@taxi/tooling/jest';

const base = jestConfig(import.meta.dirname);

export default {
  ...base,
  setupFiles: [...(base.setupFiles ?? []), '<rootDir>/src/testing/setup.ts'],
};
