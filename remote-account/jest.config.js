import { jestConfig } from '@taxi/tooling/jest';

const base = jestConfig(import.meta.dirname);

export default {
  ...base,
  setupFiles: [...(base.setupFiles ?? []), '<rootDir>/src/testing/setup.ts'],
  // Every test starts with the real fetch; each one fakes the server it needs (testing/fakeApi).
  restoreMocks: true,
  clearMocks: true,
};
