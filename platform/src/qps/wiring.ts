import type { EventStore, SnapshotStore } from '@onboard/events';
import { qpsPushWorker, type PlanSystemConnector } from '@onboard/workers/qps-push';
import { createSimulatorConnector } from './simulator.ts';

export type QpsSettings = { timeoutMs: number; simulatorDelayMs: number };

const positiveInt = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds`);
  return n;
};

/** QPS_PUSH_TIMEOUT_MS (default 120 s) and QPS_SIMULATOR_DELAY_MS (default 3 s, so progress is visible). */
export function qpsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): QpsSettings {
  return {
    timeoutMs: positiveInt(env.QPS_PUSH_TIMEOUT_MS, 120_000, 'QPS_PUSH_TIMEOUT_MS'),
    simulatorDelayMs: positiveInt(env.QPS_SIMULATOR_DELAY_MS, 3_000, 'QPS_SIMULATOR_DELAY_MS'),
  };
}

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
