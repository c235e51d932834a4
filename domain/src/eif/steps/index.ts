export * from './catalogue.ts';
export * from './coverage.ts';
export * from './enumerations.ts';
export * from './status.ts';
export * from './validation.ts';
export * from './visibility.ts';
