import { CALL_TASKS } from './decider.ts';
import { isTaskId, taskDefinition } from './catalogue.ts';
import { isOpen, type TaskStatus } from './status.ts';

/**
 * "My work" (our design): what a task waits for from one person, in the words of the list.
 * - The client's people (benefits administrators, brokers) owe the open tasks that are theirs to do.
 * - Carrier staff owe, on the clients they are the implementation consultant of, every task submitted for
 *   review (accept it or send it back) and the open calls they hold.
 * Answers null when the task waits on nobody on that side.
 */
export type WorkSide = 'carrier' | 'client';

export const workSideOf = (role: string): WorkSide =>
  role === 'SLF_ADMIN' || role === 'SLF_OWNER' ? 'carrier' : 'client';

export function waitingWork(taskId: string, status: TaskStatus, side: WorkSide): string | null {
  if (!isTaskId(taskId)) return null;
  const { owner } = taskDefinition(taskId);
  if (side === 'carrier') {
    if (status === 'In Review' || status === 'Needs Review') return 'Review it: accept or send it back';
    if (owner === 'carrier' && isOpen(status)) return CALL_TASKS.includes(taskId) ? 'Hold the call' : 'Do it';
    return null;
  }
  if (owner !== 'client' || !isOpen(status)) return null;
  if (status === 'NIGO') return 'Fix what was asked and submit it again';
  return status === 'In Progress' ? 'Finish it' : 'Start it';
}
