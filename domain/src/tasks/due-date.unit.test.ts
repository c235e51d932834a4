import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { dueDateBadge } from './due-date.ts';

const today = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, afternoon local time

describe('due-date badge', () => {
  it('says due today on the day', () => {
    expect(dueDateBadge('2026-11-22', 'In Progress', today)).toEqual({
      tone: 'due-today',
      text: 'Due today',
    });
  });
  it('says past due after the day', () => {
    expect(dueDateBadge('2026-11-21', 'Not Started', today)).toEqual({
      tone: 'past-due',
      text: 'Past Due: Due by 11/21/2026',
    });
  });
  it('says due soon within five days', () => {
    expect(dueDateBadge('2026-11-27', 'NIGO', today)?.text).toBe('Due Soon: Due by 11/27/2026');
  });
  itAnswers(dueDateBadge, {
    'gives the plain date from the sixth day': [
      [['2026-11-28', 'Upcoming', today], { tone: 'due', text: 'Due by 11/28/2026' }],
    ],
    'shows nothing for a completed task or a date it cannot read': [
      [['2026-11-22', 'Done', today], null],
      [['someday', 'In Progress', today], null],
    ],
  });
});
