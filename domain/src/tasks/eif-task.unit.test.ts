import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { eifStepStatuses, type EifStepProgress } from '../eif/forms/status.ts';
import { dueDateBadge } from './due-date.ts';
import { eifTaskStart, eifTaskStatus, eifTaskStatusOf } from './eif-task.ts';
import { statusView } from '../testing/status-view.ts';

const step = (...statuses: EifStepProgress['status'][]): EifStepProgress => ({
  id: 'company-information',
  label: 'Company information',
  status: 'Not Started',
  subSteps: statuses.map((status, i) => ({ id: 'tax-id', label: `Sub-step ${i}`, status })),
});

const view = (attributes: Record<string, unknown> = {}) =>
  statusView({
    policies: [{ id: 'pol', slfCoverages: ['Dental'] }],
    plans: [{ id: 'p', benefitType: 'DENTAL', policyId: 'pol' }],
    ...attributes,
  });

describe('the EIF task status', () => {
  itAnswers(eifTaskStatusOf, {
    'given nothing started, then it is Not Started': [
      [[false, [step('Not Started', 'Not Started')]], 'Not Started'],
    ],
    'given one sub-step started or completed, then it is In Progress until signed': [
      [[false, [step('Not Started', 'In Progress')]], 'In Progress'],
      [[false, [step('Completed', 'Completed')]], 'In Progress'],
    ],
    'given the form signed, then it is Completed whatever the sub-steps say': [
      [[true, [step('Not Started')]], 'Done'],
    ],
    'given every sub-step complete but the form unsigned, then it is still In Progress': [
      [[false, [step('Completed'), step('Completed')]], 'In Progress'],
    ],
  });

  it('reads the form: an answer starts it, the signature completes it, and the badge goes with it', () => {
    const today = new Date(2026, 10, 22);
    expect(eifTaskStatus(view({ taxId: '123456789' }))).toBe('In Progress');
    const signed = view({ taxId: '123456789', eifStatus: 'signed', eifSignedAt: '2026-11-20T10:00:00Z' });
    expect(eifTaskStatus(signed)).toBe('Done');
    expect(dueDateBadge('2026-11-30', eifTaskStatus(view({ taxId: '1' })), today)?.text).toBe(
      'Due by 11/30/2026',
    );
    expect(dueDateBadge('2026-11-30', eifTaskStatus(signed), today)).toBeNull();
  });
});

describe('where the EIF task opens', () => {
  const progress = (
    ...steps: [
      EifStepProgress['id'],
      [EifStepProgress['subSteps'][number]['id'], EifStepProgress['status']][],
    ][]
  ): EifStepProgress[] =>
    steps.map(([id, subSteps]) => ({
      id,
      label: id,
      status: 'In Progress',
      subSteps: subSteps.map(([subStepId, status]) => ({ id: subStepId, label: subStepId, status })),
    }));

  it('given some sub-steps completed, then it opens the first one that is not', () => {
    expect(
      eifTaskStart(
        progress(
          ['company-information', [['tax-id', 'Completed']]],
          [
            'plan-administrators-&-billing',
            [
              ['plan-administrators', 'Completed'],
              ['billing-preferences', 'In Progress'],
              ['claims-check-mailing-locations', 'Not Started'],
            ],
          ],
        ),
      ),
    ).toEqual({ stepId: 'plan-administrators-&-billing', subStepId: 'billing-preferences' });
  });

  it('given every sub-step completed, then it opens the first visible one', () => {
    expect(
      eifTaskStart(
        progress(
          ['company-information', [['benefits-administration-and-data-feed', 'Completed']]],
          ['other-contract-details', [['erisa', 'Completed']]],
        ),
      ),
    ).toEqual({ stepId: 'company-information', subStepId: 'benefits-administration-and-data-feed' });
  });

  it('given no visible sub-step, then it has nowhere to open but review & submit', () => {
    expect(eifTaskStart(progress(['review-&-submit', []]))).toBeNull();
  });

  it('reads a real form: a new client opens on its first question', () => {
    expect(eifTaskStart(eifStepStatuses(view()))).toEqual({
      stepId: 'company-information',
      subStepId: 'benefits-administration-and-data-feed',
    });
  });
});
