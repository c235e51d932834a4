export * from './types.ts';
export * from './fields.ts';
export * from './definitions.ts';
export * from './status.ts';
export * from './summary.ts';
export * from './missing.ts';
