export * from './checkpointed-runner.ts';
export type { ProjectionTx } from './statement-batch.ts';
