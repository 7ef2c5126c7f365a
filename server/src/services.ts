import type { Config } from './config.ts';
import type { CorporationLookup } from './corporations/directory.ts';

/** Shared infrastructure handed to every plugin. */
export interface Services {
  config: Config;
  corporations: CorporationLookup;
}
