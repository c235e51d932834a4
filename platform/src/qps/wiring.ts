import type { EventStore, SnapshotStore } from '@onboard/events';
import { qpsPushWorker, type PlanSystemConnector } from '@onboard/workers/qps-push';
import { createSimulatorConnector } from './simulator.ts';

export type QpsSettings = { timeoutMs: number; simulatorDelayMs: number };

/** The push worker with the built-in simulator unless another connector is given. */
export function createQpsPushWorker(options: {
  store: EventStore;
  snapshots?: SnapshotStore;
  now: () => Date;
  settings: QpsSettings;
  connector?: PlanSystemConnector;
}) {
  return qpsPushWorker({
    store: options.store,
    snapshots: options.snapshots,
    now: options.now,
    timeoutMs: options.settings.timeoutMs,
    connector: options.connector ?? createSimulatorConnector({ delayMs: options.settings.simulatorDelayMs }),
  });
}
