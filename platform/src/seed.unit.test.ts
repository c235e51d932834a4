import { describe, expect, it } from 'vitest';
import { eifSubStepLabel, visibleSubSteps } from '@onboard/domain';
import { DEMO_CLIENTS } from './seed.ts';

/** The demo clients exist to exercise the visibility rules (onboarding §4); this keeps them doing so. */
function shownFor(clientId: string) {
  const demo = DEMO_CLIENTS.find((c) => c.id === clientId);
  if (!demo) throw new Error(`no demo client ${clientId}`);
  const of = (entity: string) => demo.entities.filter((e) => e.entity === entity).map((e) => e.attributes);
  const client = of('Client')[0] ?? {};
  const steps = visibleSubSteps({
    policies: of('Policy') as { slfCoverages: string[] }[],
    plans: of('Plan') as { benefitType: string }[],
    healthcareProfessionalsSegment: client.healthcareProfessionalsSegment as boolean | undefined,
  });
  return {
    steps: steps.map((s) => s.id),
    subSteps: steps.flatMap((s) => s.subSteps.map((sub) => sub.id)),
    labels: steps.flatMap((s) => s.subSteps.map((sub) => sub.label)),
  };
}

describe('demo clients', () => {
  it('gives every demo client its own id', () => {
    const ids = DEMO_CLIENTS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(4);
  });

  it('shows FLI preferences to the client with Family Leave Insurance only', () => {
    expect(shownFor('harbor-freight-lines').subSteps).toContain('fli-preferences');
    for (const id of ['lakeside-manufacturing', 'tri-state-staffing', 'riverside-medical-group'])
      expect(shownFor(id).subSteps).not.toContain('fli-preferences');
  });

  it('hides the class builder, the contract provisions and the policy anniversary for the statutory-only client', () => {
    const { steps, subSteps, labels } = shownFor('tri-state-staffing');
    expect(subSteps).not.toContain('class-builder');
    expect(subSteps).not.toContain('confirm-policy-anniversary');
    expect(steps).not.toContain('other-contract-details');
    expect(labels).toContain(eifSubStepLabel('non-class-benefits-preferences', 'STATUTORY'));
  });

  it('shows malpractice reimbursements to the healthcare professionals client with LTD only', () => {
    expect(shownFor('riverside-medical-group').subSteps).toContain('malpractice-reimbursements');
    expect(shownFor('lakeside-manufacturing').subSteps).not.toContain('malpractice-reimbursements');
    expect(shownFor('riverside-medical-group').labels).toContain('PFML preferences');
  });

  it('shows termination of insurance only where dental or vision plans exist', () => {
    expect(shownFor('lakeside-manufacturing').subSteps).toContain('termination-of-insurance');
    expect(shownFor('tri-state-staffing').subSteps).not.toContain('termination-of-insurance');
  });
});
