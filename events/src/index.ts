export * from './store/port.ts';
export * from './bus/port.ts';
export * from './catalogue/index.ts';
export * from './subscription/index.ts';
export * from './store/snapshots.ts';
export * from './command-handler.ts';
export * from './backoff.ts';
