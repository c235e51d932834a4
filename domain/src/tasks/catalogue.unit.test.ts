import { describe, expect, it } from 'vitest';
import {
  CLIENT_TASK_IDS,
  POLICY_TASK_IDS,
  TASKS,
  isTaskId,
  policyTaskIds,
  taskDefinition,
} from './catalogue.ts';

const policy = (slfCoverages: string[], planBenefitTypes: string[] = []) => ({
  slfCoverages,
  planBenefitTypes,
});

describe('the task catalogue', () => {
  it('defines every task id of onboarding §3 once, at its level, with a title in words', () => {
    expect(TASKS.map((t) => t.id).sort()).toEqual([...CLIENT_TASK_IDS, ...POLICY_TASK_IDS].sort());
    for (const id of CLIENT_TASK_IDS) expect(taskDefinition(id).level).toBe('client');
    for (const id of POLICY_TASK_IDS) expect(taskDefinition(id).level).toBe('policy');
    for (const t of TASKS) expect(t.title).not.toMatch(/-/);
  });

  it('knows an id from anything else', () => {
    expect(isTaskId('pfml-spd')).toBe(true);
    expect(isTaskId('no-such-task')).toBe(false);
  });
});

describe('which policy tasks a policy has', () => {
  it('gives every taken-over policy its census and its prior carrier bills, nothing more for life', () => {
    expect(policyTaskIds(policy(['Basic Life']), 'NEW_BUSINESS')).toEqual([
      'prior-carrier-bills',
      'enrollment-elections',
    ]);
  });

  it('leaves out prior carrier bills when the client only adds coverage', () => {
    expect(policyTaskIds(policy(['Basic Life']), 'ADD_COVERAGE')).toEqual(['enrollment-elections']);
  });

  it('adds pfml and pfml-spd with a PFML coverage name or a PFML plan', () => {
    expect(policyTaskIds(policy(['Colorado Paid Family and Medical Leave']), null)).toContain('pfml-spd');
    expect(policyTaskIds(policy([], ['PFML_WA_ASO']), null)).toEqual(
      expect.arrayContaining(['pfml', 'pfml-spd']),
    );
    expect(policyTaskIds(policy(['NY Paid Family Leave']), null)).not.toContain('pfml');
  });

  it('adds dental rollover and the deductible report with dental, DHMO included', () => {
    for (const p of [policy(['Dental']), policy([], ['CA_DHMO'])]) {
      expect(policyTaskIds(p, null)).toEqual(
        expect.arrayContaining(['dental-rollover', 'deductible-maximum-report']),
      );
    }
    expect(policyTaskIds(policy(['Vision']), null)).not.toContain('dental-rollover');
  });

  it('adds the SunAdvisor plan description with SunAdvisor', () => {
    expect(policyTaskIds(policy([], ['SUNADVISOR_TO_PAY']), null)).toContain('sunadvisor-spd');
    expect(policyTaskIds(policy(['Sun Advisor Advice Plus']), null)).toContain('sunadvisor-spd');
    expect(policyTaskIds(policy(['Long Term Disability']), null)).not.toContain('sunadvisor-spd');
  });
});
