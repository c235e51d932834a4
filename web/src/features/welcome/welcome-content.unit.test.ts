import { describe, expect, it } from 'vitest';
import { TASKS } from '@onboard/domain/web';
import { formatDay, personName } from './format.ts';
import { welcomeTaskGroups } from './welcome-content.ts';

describe('welcomeTaskGroups', () => {
  it('lists every task of the catalogue once, in three groups with titles in words', () => {
    const groups = welcomeTaskGroups();
    expect(groups.map((g) => g.title)).toEqual([
      'For your company',
      'For each policy',
      'With your onboarding team',
    ]);
    const ids = groups.flatMap((g) => g.tasks.map((t) => t.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(TASKS.map((t) => t.id).sort());
  });

  it('puts the calls with the carrier apart and the EIF with the company’s tasks', () => {
    const [company, , team] = welcomeTaskGroups();
    expect(team!.tasks.map((t) => t.title)).toContain('Kickoff call');
    expect(company!.tasks.map((t) => t.title)).toContain('Submit company information');
  });

  it('leaves out a group with no task', () => {
    const onlyCompany = TASKS.filter((t) => t.level === 'client' && t.owner === 'client');
    expect(welcomeTaskGroups(onlyCompany).map((g) => g.title)).toEqual(['For your company']);
  });
});

describe('personName', () => {
  it('joins first and last name', () => {
    expect(personName({ firstName: 'Jordan', lastName: 'Reyes' })).toBe('Jordan Reyes');
  });
});

describe('formatDay', () => {
  it('shows a date-only value as that calendar day', () => {
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('shows a dash for no date and the text itself for something that is not a date', () => {
    expect(formatDay(null)).toBe('—');
    expect(formatDay('soon')).toBe('soon');
  });
});
