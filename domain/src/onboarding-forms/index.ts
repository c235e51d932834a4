export * from './decider.ts';
export * from './template.ts';
export * from './e-signature.ts';
export * from './view.ts';
export * from './certificate.ts';
export * from './notices.ts';
