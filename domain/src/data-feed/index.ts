export * from './feed.ts';
export * from './profile.ts';
export * from './facts.ts';
export * from './rules.ts';
export * from './acknowledgment.ts';
export * from './report.ts';
export * from './decider.ts';
export * from './export.ts';
