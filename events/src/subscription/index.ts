export * from './checkpointed-runner.ts';
