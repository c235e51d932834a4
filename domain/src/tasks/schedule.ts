import { addDays, formatISO, max, parseISO } from 'date-fns';
import type { TaskId } from './catalogue.ts';

/**
 * The first due date of each task when staff open an onboarding (our rule; the spec leaves it open).
 * Work the carrier leads is due soon after creation; what feeds enrollment is due before the first policy
 * takes effect; the service hand-over comes a month after it. Without an effective date the client is
 * taken to go live 90 days after creation. A due date is never earlier than the day after creation.
 */
const FROM_CREATION: Partial<Record<TaskId, number>> = {
  'kickoff-call': 7,
  'company-profile': 14,
  'eif-submit-company-information': 21,
  'onboarding-forms': 28,
};
const FROM_EFFECTIVE: Partial<Record<TaskId, number>> = {
  'prior-carrier-certificates': -45,
  'prior-carrier-bills': -45,
  'connect-service': -30,
  'enrollment-resources': -30,
  'enrollment-elections': -30,
  pfml: -30,
  'pfml-spd': -30,
  'sunadvisor-spd': -30,
  'dental-rollover': -30,
  'deductible-maximum-report': -30,
  'ongoing-service-call': 30,
};

const day = (date: Date) => formatISO(date, { representation: 'date' });

export function defaultTaskDueDates(
  createdAt: string,
  firstEffective: string | null,
): Record<string, string> {
  const created = parseISO(createdAt);
  const earliest = addDays(created, 1);
  const effective = firstEffective ? parseISO(firstEffective) : addDays(created, 90);
  const dates: Record<string, string> = {};
  for (const [taskId, days] of Object.entries(FROM_CREATION)) dates[taskId] = day(addDays(created, days));
  for (const [taskId, days] of Object.entries(FROM_EFFECTIVE))
    dates[taskId] = day(max([addDays(effective, days), earliest]));
  return dates;
}
