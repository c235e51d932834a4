import { setTimeout as sleep } from 'node:timers/promises';
import { checkPlanDesign } from '@onboard/domain';
import type { PlanSystemConnector } from '@onboard/workers/qps-push';

export type SimulatorOptions = {
  /** How long the simulated plan system takes to answer, like the carrier's batch set-up does. */
  delayMs?: number;
};

/**
 * The default plan-system connector: a stand-in for the carrier's plan system that looks at the pushed
 * design for the problems the real one rejects or flags (domain/src/plan-design/check.ts) and answers
 * after a delay. A real connector implements the same port.
 */
export function createSimulatorConnector(options: SimulatorOptions = {}): PlanSystemConnector {
  const delayMs = options.delayMs ?? 0;
  return {
    push: async (design) => {
      if (delayMs > 0) await sleep(delayMs);
      const { status, reasons } = checkPlanDesign(design);
      return { status, reasons };
    },
  };
}
