// The Benefits Explorer's pure rules and catalogues (spec explorer §2, §5, §9).
export * from './catalogues.ts';
export * from './common-rules.ts';
export * from './contrast.ts';
export * from './site-rules.ts';
export * from './plan-rules.ts';
export * from './lead-rules.ts';
export * from './page-content.ts';
export * from './support-rules.ts';
