export * from './eif/tax-id.ts';
export * from './eif/decider.ts';
export * from './eif/client-view.ts';
export * from './auth/actor.ts';
export * from './auth/client-access.ts';
export * from './errors.ts';
export * from './tasks/due-date.ts';
export * from './users/decider.ts';
