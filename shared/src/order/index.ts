// The order draft (spec section 3), its rules (sections 4 and 5) and its persisted atoms.
export * from './types';
export * from './draft';
export * from './validation';
