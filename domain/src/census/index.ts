export * from './fields.ts';
export * from './rules.ts';
export * from './eif-facts.ts';
export * from './report.ts';
export * from './decider.ts';
export * from './corrections.ts';
export * from './reading.ts';
export * from './masking.ts';
