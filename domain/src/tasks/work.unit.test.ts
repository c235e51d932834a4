import { describe, expect, it } from 'vitest';
import { waitingWork, workSideOf } from './work.ts';

describe('what a task waits for from one person', () => {
  it('the client’s people owe their open tasks, in words of what to do next', () => {
    expect(workSideOf('BEN_ADMIN')).toBe('client');
    expect(workSideOf('BROKER')).toBe('client');
    expect(waitingWork('company-profile', 'Not Started', 'client')).toBe('Start it');
    expect(waitingWork('company-profile', 'In Progress', 'client')).toBe('Finish it');
    expect(waitingWork('enrollment-elections', 'NIGO', 'client')).toBe(
      'Fix what was asked and submit it again',
    );
    // In review, done, or the carrier's own call: nothing waits on them.
    expect(waitingWork('enrollment-elections', 'In Review', 'client')).toBeNull();
    expect(waitingWork('company-profile', 'Done', 'client')).toBeNull();
    expect(waitingWork('kickoff-call', 'Not Started', 'client')).toBeNull();
  });

  it('staff owe the reviews and the calls of their clients', () => {
    expect(workSideOf('SLF_ADMIN')).toBe('carrier');
    expect(workSideOf('SLF_OWNER')).toBe('carrier');
    expect(waitingWork('enrollment-elections', 'In Review', 'carrier')).toBe(
      'Review it: accept or send it back',
    );
    expect(waitingWork('kickoff-call', 'Not Started', 'carrier')).toBe('Hold the call');
    expect(waitingWork('kickoff-call', 'Done', 'carrier')).toBeNull();
    expect(waitingWork('company-profile', 'Not Started', 'carrier')).toBeNull();
    expect(waitingWork('no-such-task', 'Not Started', 'carrier')).toBeNull();
  });
});
