import { jestConfig } from '@taxi/tooling/jest';

export default jestConfig(import.meta.dirname);
