export * from './plan-design.ts';
export * from './check.ts';
