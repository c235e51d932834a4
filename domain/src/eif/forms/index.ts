export * from './types.ts';
export * from './fields.ts';
