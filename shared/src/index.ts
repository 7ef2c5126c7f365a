// @taxi/shared: one instance per page (a module-federation singleton). It re-exports the
// wire contract, so that the parts import it from here only.
export * from '@taxi/contract';
export * from './api/errors';
export * from './api/client';
export { api } from './api/instance';
export { reportError, ERROR_REPORT_PATH, type ErrorReport } from './api/reportError';
export * from './model/settings';
export * from './model/preferences';
export * from './model/constants';
export * from './session/store';
export * from './session/session';
export * from './session/settings';
export { deviceStorage } from './session/storage';
export * from './i18n/i18n';
export { commonTexts } from './i18n/catalogue';
export * from './format/format';
export * from './ui/index';
export * from './order/index';
export * from './tracking/index';
export { FIRST_COUNTRY, useSupportedCountries } from './phone/countries';
export * from './notifications/index';
