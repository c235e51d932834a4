export * from './checkpointed-runner.ts';
export type { ProjectionTx } from './statement-batch.ts';
export * from './scheduled-job.ts';
export { partitionLeasesFor } from './partition-leases.ts';
