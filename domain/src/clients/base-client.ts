import type { EifIntent } from '../eif/decider.ts';
import type { ClientView } from '../eif/client-view.ts';
import type { PolicyCoverages } from '../tasks/catalogue.ts';
import type { ClientLifecycleState } from './lifecycle.ts';

/**
 * What making a client's base writes into its form: the Client entity with the profile staff gave, and
 * each policy with its number, coverages and effective date (the first one primary). Each edit's change
 * id comes from `changeId(i)`, so a caller that must write the same events twice (a retry after a crash)
 * can make them the same ids.
 */
export function baseClientIntents(
  clientId: string,
  state: ClientLifecycleState,
  changeId: (index: number) => string,
): EifIntent[] {
  const profile = state.profile;
  if (!profile) return [];
  return [
    {
      type: 'CreateEntity',
      data: {
        clientId,
        entity: 'Client',
        entityId: clientId,
        changeId: changeId(0),
        attributes: {
          name: profile.name,
          taxId: null,
          isActive: true,
          isTest: profile.isTest,
          digitalEIF: true,
          implementationType: profile.implementationType,
          ticketId: profile.ticketId,
        },
      },
    },
    ...state.policies.map((policy, index): EifIntent => ({
      type: 'CreateEntity',
      data: {
        clientId,
        entity: 'Policy',
        entityId: policy.policyId,
        changeId: changeId(index + 1),
        attributes: {
          slfPolicyNumber: policy.slfPolicyNumber,
          slfCoverages: policy.slfCoverages,
          policyEffective: policy.policyEffective,
          primaryPolicy: index === 0,
        },
      },
    })),
  ];
}

/** The client's policies as the task rules read them: coverages and the benefit types of their plans. */
export function policiesForTasks(client: ClientView): (PolicyCoverages & { policyId: string })[] {
  return client.policies.map((policy) => ({
    policyId: String(policy.id),
    slfCoverages: Array.isArray(policy.slfCoverages) ? policy.slfCoverages.map(String) : [],
    planBenefitTypes: client.plans
      .filter((plan) => plan.policyId === policy.id)
      .map((plan) => String(plan.benefitType ?? '')),
  }));
}

/** The earliest effective date of the client's policies, where any has one. */
export function firstEffectiveDate(state: ClientLifecycleState): string | null {
  return (
    state.policies
      .map((p) => p.policyEffective)
      .filter((d): d is string => d !== null)
      .sort()[0] ?? null
  );
}
