import type { Intent } from '../../decider.ts';
import { toEditingView, type EntityRow } from '../client-view.ts';
import { isSameStoredValue, type EifState } from '../decider.ts';
import type { ClassCommand, ClassPlanInput, ClassSource } from './decide.ts';
import { checkClassDetails, checkContribution, checkWaitingPeriod, type ClassDetailsInput } from './rules.ts';

/**
 * Field-aware class edits: the class editor sends the whole class (its details and its whole plan set)
 * as its editor saw it at some version. What the edit changes is only what differs from that version;
 * everything else is left as the form has it now, so a change someone else made meanwhile to another
 * attribute, another plan of the class or another class is kept, not written back to what the editor
 * saw. (Whether what it changes was itself changed meanwhile is eif/field-conflicts.ts.)
 */

const DETAIL_KEYS = ['groupName', 'employeeTypes', 'minimumHoursPerWeek', 'description'] as const;
const PLAN_KEYS = [
  'waitingPeriodType',
  'waitingPeriodDays',
  'employerContributionPercentage',
  'employeeContributionPercentage',
] as const;

/** The details as sent, with each one the editor left as they saw it replaced by its value now. */
function rebaseDetails(sent: ClassDetailsInput, seen: EntityRow, now: EntityRow): ClassDetailsInput {
  const checked = checkClassDetails(sent, []);
  // Invalid answers are refused as sent, with their own messages.
  if (!checked.ok) return sent;
  const rebased: ClassDetailsInput = { ...sent };
  for (const key of DETAIL_KEYS) {
    if (Object.hasOwn(sent, key) && isSameStoredValue(checked.details[key], seen[key]))
      rebased[key] = now[key];
  }
  return rebased;
}

const byPlan = (rows: readonly EntityRow[]) => new Map(rows.map((row) => [String(row.planId), row]));
const planValues = (row: EntityRow) => Object.fromEntries(PLAN_KEYS.map((key) => [key, row[key] ?? null]));

/**
 * The plan set as sent, rebased: plans the editor added or removed since their version are added or
 * removed; of the plans kept, only the values the editor changed are theirs; a plan someone else added
 * meanwhile stays, one someone else removed stays removed unless this edit changes it (then it collides).
 */
function rebasePlans(
  sent: readonly ClassPlanInput[],
  seenPlans: readonly EntityRow[],
  nowPlans: readonly EntityRow[],
): readonly ClassPlanInput[] {
  const seen = byPlan(seenPlans);
  const now = byPlan(nowPlans);
  const changedKeys = new Map<string, (typeof PLAN_KEYS)[number][]>();
  for (const item of sent) {
    const seenRow = seen.get(String(item.planId));
    if (!seenRow) continue;
    const waiting = checkWaitingPeriod(item, '');
    const contribution = checkContribution(item, '');
    if (!waiting.ok || !contribution.ok) return sent;
    const values: Record<string, unknown> = { ...waiting.value, ...contribution.value };
    changedKeys.set(
      String(item.planId),
      PLAN_KEYS.filter((key) => !isSameStoredValue(values[key], seenRow[key])),
    );
  }
  const rebased: ClassPlanInput[] = [];
  for (const item of sent) {
    const planId = String(item.planId);
    const changed = changedKeys.get(planId);
    const nowRow = now.get(planId);
    if (!changed) rebased.push(item);
    else if (!nowRow) {
      if (changed.length > 0) rebased.push(item);
    } else {
      const values = planValues(nowRow);
      for (const key of changed) values[key] = item[key] ?? null;
      rebased.push({ planId: item.planId, ...values });
    }
  }
  const sentIds = new Set(sent.map((item) => String(item.planId)));
  for (const row of nowPlans) {
    const planId = String(row.planId);
    if (!sentIds.has(planId) && !seen.has(planId)) rebased.push({ planId: row.planId, ...planValues(row) });
  }
  return rebased;
}

/**
 * A class command made against `seen` (what its editor saw), as the same change made to `now`. Only a
 * whole-class edit carries values the editor did not change; every other command already names only
 * what it changes. A class missing from either side is left to the rules (not found, or a conflict).
 */
export function rebaseClassCommand(
  command: Intent<ClassCommand>,
  seen: ClassSource,
  now: ClassSource,
): Intent<ClassCommand> {
  if (command.type !== 'UpdateClass') return command;
  const { employeeClassId } = command.data;
  const seenClass = seen.employeeClasses.find((c) => c.id === employeeClassId);
  const nowClass = now.employeeClasses.find((c) => c.id === employeeClassId);
  if (!seenClass || !nowClass) return command;
  const { plans } = command.data;
  const classPlansOf = (source: ClassSource) =>
    source.employeeClassPlans.filter((cp) => cp.employeeClassId === employeeClassId);
  return {
    ...command,
    data: {
      ...command.data,
      details: rebaseDetails(command.data.details, seenClass, nowClass),
      ...(plans ? { plans: rebasePlans(plans, classPlansOf(seen), classPlansOf(now)) } : {}),
    },
  };
}

/** rebaseClassCommand over the form's states (the editing view of each). */
export function rebaseClassIntent(
  command: Intent<ClassCommand>,
  seen: EifState,
  now: EifState,
): Intent<ClassCommand> {
  const seenView = toEditingView(seen, 0n);
  const nowView = toEditingView(now, 0n);
  return seenView && nowView ? rebaseClassCommand(command, seenView, nowView) : command;
}
