import type { EifIntent } from '../eif/decider.ts';
import type { ClientView } from '../eif/client-view.ts';
import type { SchedulePolicy } from '../tasks/decider.ts';
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

/**
 * The client's policies as the task rules read them: coverages, the benefit types of their plans, and the
 * effective date (YYYY-MM-DD) the schedule works back from.
 */
export function policiesForTasks(client: ClientView): SchedulePolicy[] {
  return client.policies.map((policy) => ({
    policyId: String(policy.id),
    policyEffective:
      typeof policy.policyEffective === 'string' && /^\d{4}-\d{2}-\d{2}/.test(policy.policyEffective)
        ? policy.policyEffective.slice(0, 10)
        : null,
    slfCoverages: Array.isArray(policy.slfCoverages) ? policy.slfCoverages.map(String) : [],
    planBenefitTypes: client.plans
      .filter((plan) => plan.policyId === policy.id)
      .map((plan) => String(plan.benefitType ?? '')),
  }));
}
