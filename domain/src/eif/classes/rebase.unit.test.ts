import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../client-view.ts';
import type { ClassSource } from './decide.ts';
import { rebaseClassCommand } from './rebase.ts';

const newId = () => 'new-id';
const salaried = {
  id: 'cls-1',
  groupName: 'Salaried',
  employeeTypes: ['FULL_TIME'],
  minimumHoursPerWeek: 30,
  description: 'Exempt staff',
};
const classPlan = (id: string, planId: string, extra: Partial<EntityRow> = {}): EntityRow => ({
  id,
  employeeClassId: 'cls-1',
  planId,
  waitingPeriodType: 'DATE_OF_HIRE',
  waitingPeriodDays: null,
  employerContributionPercentage: 100,
  employeeContributionPercentage: 0,
  ...extra,
});
const source = (cls: EntityRow, classPlans: EntityRow[]): ClassSource => ({
  plans: [],
  employeeClasses: [cls],
  employeeClassPlans: classPlans,
});
const sent = (row: EntityRow) => ({
  planId: row.planId,
  waitingPeriodType: row.waitingPeriodType,
  waitingPeriodDays: row.waitingPeriodDays,
  employerContributionPercentage: row.employerContributionPercentage,
  employeeContributionPercentage: row.employeeContributionPercentage,
});
const update = (details: Record<string, unknown>, plans?: ReturnType<typeof sent>[]) =>
  ({
    type: 'UpdateClass',
    data: { employeeClassId: 'cls-1', details, newId, ...(plans ? { plans } : {}) },
  }) as const;

describe('a whole-class edit rebased on the class as it is now', () => {
  it('keeps only the details its editor changed; the others are as they are now', () => {
    const seen = source(salaried, []);
    const now = source({ ...salaried, groupName: 'Salaried staff', minimumHoursPerWeek: 20 }, []);
    const command = update({ ...salaried, description: ' Everyone salaried ', id: undefined });
    const rebased = rebaseClassCommand(command, seen, now);
    expect(rebased.type === 'UpdateClass' && rebased.data.details).toMatchObject({
      groupName: 'Salaried staff',
      employeeTypes: ['FULL_TIME'],
      minimumHoursPerWeek: 20,
      description: ' Everyone salaried ',
    });
  });

  it('keeps a plan someone else added, leaves one they removed removed, and their values where it changed none', () => {
    const life = classPlan('cp-life', 'plan-life');
    const dental = classPlan('cp-dental', 'plan-dental');
    const seen = source(salaried, [life, dental]);
    const now = source(salaried, [
      { ...life, waitingPeriodType: 'FIRST_OF_MONTH_AFTER_HIRE' },
      classPlan('cp-vision', 'plan-vision'),
    ]);
    // The editor changed the life plan's shares and left dental as it was.
    const command = update(salaried, [
      { ...sent(life), employerContributionPercentage: 60, employeeContributionPercentage: 40 },
      sent(dental),
    ]);
    const rebased = rebaseClassCommand(command, seen, now);
    expect(rebased.type === 'UpdateClass' && rebased.data.plans).toEqual([
      {
        planId: 'plan-life',
        waitingPeriodType: 'FIRST_OF_MONTH_AFTER_HIRE',
        waitingPeriodDays: null,
        employerContributionPercentage: 60,
        employeeContributionPercentage: 40,
      },
      {
        planId: 'plan-vision',
        waitingPeriodType: 'DATE_OF_HIRE',
        waitingPeriodDays: null,
        employerContributionPercentage: 100,
        employeeContributionPercentage: 0,
      },
    ]);
  });

  it('adds and removes the plans its editor added and removed', () => {
    const life = classPlan('cp-life', 'plan-life');
    const dental = classPlan('cp-dental', 'plan-dental');
    const seen = source(salaried, [life, dental]);
    const command = update(salaried, [sent(life), { ...sent(dental), planId: 'plan-vision' }]);
    const rebased = rebaseClassCommand(command, seen, seen);
    expect(rebased.type === 'UpdateClass' && rebased.data.plans?.map((p) => p.planId)).toEqual([
      'plan-life',
      'plan-vision',
    ]);
  });

  it('keeps a plan someone else removed when this edit changes it, so the edit collides', () => {
    const life = classPlan('cp-life', 'plan-life');
    const command = update(salaried, [
      { ...sent(life), waitingPeriodType: 'DAYS_AFTER_HIRE', waitingPeriodDays: 30 },
    ]);
    const rebased = rebaseClassCommand(command, source(salaried, [life]), source(salaried, []));
    expect(rebased).toEqual(command);
  });

  it('leaves invalid answers, other commands and a class missing on either side as sent', () => {
    const seen = source(salaried, []);
    const invalid = update({ ...salaried, groupName: '' });
    expect(rebaseClassCommand(invalid, seen, seen)).toEqual(invalid);
    const gone = update({ ...salaried, description: 'Changed' });
    expect(rebaseClassCommand(gone, seen, { ...seen, employeeClasses: [] })).toEqual(gone);
    const remove = { type: 'DeleteClass', data: { employeeClassId: 'cls-1', newId } } as const;
    expect(rebaseClassCommand(remove, seen, seen)).toBe(remove);
  });
});
