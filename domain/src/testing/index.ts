export * from './complete-form.ts';
export * from './explorer-plans.ts';
export * from './data-feed.ts';
