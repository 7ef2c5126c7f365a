// @taxi/contract/schemas: the runtime schemas (TypeBox) the server checks its input against, and
// whose types the contract infers. Its own entry point, so that a browser bundle that imports the
// contract's types and constants never loads TypeBox.
export * from './settings.ts';
export * from './corporation-file.ts';
export * from './tracking.ts';
export * from './errors.ts';
export * from './requests.ts';
export * from './release-api.ts';
export * from './other-calls.ts';
