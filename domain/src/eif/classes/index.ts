export * from './rules.ts';
export * from './decide.ts';
export * from './view.ts';
export * from './rebase.ts';
