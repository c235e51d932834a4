import type { EifEntity } from '@onboard/events';
import { effectiveEntities, isSameStoredValue, type EifState } from '../eif/decider.ts';
import { benefitTypeWords } from './plan-configuration.ts';

/**
 * The plan system (QPS) and the ticket system as the portal reads them (platform §7: client-from-qps,
 * import-from-qps, sync, ticket info), and how the plan system's view of a client compares with its EIF.
 * The ports are implemented in platform/ (a built-in simulator by default); everything here is pure.
 */

/** One policy as the plan system holds it: its number, coverages, effective date and plans by benefit type. */
export type PlanSystemPolicy = {
  policyNumber: string;
  coverages: string[];
  effectiveDate: string | null;
  benefitTypes: string[];
};

/** The plan system's view of a client (its case). */
export type PlanSystemClient = { caseId: string; name: string; policies: PlanSystemPolicy[] };

/** The plan system's directory: the case that holds any of these case ids or policy numbers, or null. */
export type PlanSystemDirectory = {
  findClient: (caseOrPolicyNumbers: readonly string[]) => Promise<PlanSystemClient | null>;
};

/** An implementation ticket as the ticket system tells it. */
export type TicketInfo = {
  ticketId: string;
  clientName: string;
  implementationType: string;
  implementationConsultantEmail: string | null;
  policyNumbers: string[];
};

export type TicketSystem = { ticketInfo: (ticketId: string) => Promise<TicketInfo | null> };

/** A ticket id as the ticket system writes them: a project key, a dash and a number ('ONB-1042'). */
export const TICKET_ID_PATTERN = /^[A-Z][A-Z0-9]{1,9}-[1-9]\d{0,6}$/;
export const TICKET_ID_MESSAGE = 'A ticket id is a project key, a dash and a number, like ONB-1042';

// ---------------------------------------------------------------------------------------------------
// The EIF's side

export type EifPolicy = {
  id: string;
  policyNumber: string | null;
  coverages: string[];
  effectiveDate: string | null;
  primaryPolicy: boolean;
};
export type EifPlan = { id: string; benefitType: string | null; policyId: string | null };
export type EifPlanSystemView = {
  clientId: string;
  name: string | null;
  caseId: string | null;
  policies: EifPolicy[];
  plans: EifPlan[];
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id);

/** The parts of the EIF the plan system also holds, as an editor sees them (pending edits applied). */
export function eifPlanSystemView(state: EifState): EifPlanSystemView | null {
  if (state.status === 'empty') return null;
  const entities = [...effectiveEntities(state).values()];
  const client = entities.find((e) => e.entity === 'Client' && e.entityId === state.clientId);
  return {
    clientId: state.clientId,
    name: text(client?.attributes.name),
    caseId: text(client?.attributes.caseId),
    policies: entities
      .filter((e) => e.entity === 'Policy')
      .map(({ entityId, attributes: a }) => ({
        id: entityId,
        policyNumber: text(a.slfPolicyNumber),
        coverages: texts(a.slfCoverages),
        effectiveDate: text(a.policyEffective),
        primaryPolicy: a.primaryPolicy === true,
      }))
      .sort(byId),
    plans: entities
      .filter((e) => e.entity === 'Plan')
      .map(({ entityId, attributes: a }) => ({
        id: entityId,
        benefitType: text(a.benefitType),
        policyId: text(a.policyId),
      }))
      .sort(byId),
  };
}

/** What the directory is asked with: the client's case id and its policies' numbers. */
/** Why the plan system cannot answer for a client: no case for its numbers, or no numbers to look up. */
export const noCaseMessage = (keys: readonly string[]): string =>
  keys.length > 0
    ? `The plan system has no case for ${keys.join(', ')}`
    : 'The client has no policy numbers to look up in the plan system';

export const lookupKeysOf = (eif: EifPlanSystemView): string[] => [
  ...(eif.caseId ? [eif.caseId] : []),
  ...eif.policies.flatMap((p) => (p.policyNumber ? [p.policyNumber] : [])),
];

// ---------------------------------------------------------------------------------------------------
// Comparison, in words

export type PolicyComparison = {
  policyNumber: string;
  /** The EIF's policy id, when the EIF holds this number. */
  policyId: string | null;
  status: 'same' | 'different' | 'only-in-plan-system' | 'only-in-eif';
  differences: string[];
};

export type PlanSystemComparison = {
  inSync: boolean;
  /** Differences of the client itself (name, case id), in words. */
  client: string[];
  policies: PolicyComparison[];
};

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
const quoted = (value: string | null) => (value === null ? 'none' : value);
const missing = (items: readonly string[], from: readonly string[]) => {
  const set = new Set(from.map((s) => s.toLowerCase()));
  return items.filter((s) => !set.has(s.toLowerCase()));
};

const plansOf = (eif: EifPlanSystemView, policyId: string) =>
  eif.plans.flatMap((p) => (p.policyId === policyId && p.benefitType ? [p.benefitType] : []));

function comparePolicy(eif: EifPlanSystemView, policy: EifPolicy, qps: PlanSystemPolicy): string[] {
  const differences: string[] = [];
  const added = missing(qps.coverages, policy.coverages);
  const dropped = missing(policy.coverages, qps.coverages);
  if (added.length > 0) differences.push(`The plan system also covers ${list(added)}.`);
  if (dropped.length > 0) differences.push(`The plan system does not cover ${list(dropped)}.`);
  if (!isSameStoredValue(policy.effectiveDate, qps.effectiveDate))
    differences.push(
      `Effective date: ${quoted(policy.effectiveDate)} here, ${quoted(qps.effectiveDate)} in the plan system.`,
    );
  const here = plansOf(eif, policy.id);
  const newPlans = missing(qps.benefitTypes, here);
  const extraPlans = missing(here, qps.benefitTypes);
  if (newPlans.length > 0)
    differences.push(`Plans only in the plan system: ${list(newPlans.map(benefitTypeWords))}.`);
  if (extraPlans.length > 0) differences.push(`Plans only here: ${list(extraPlans.map(benefitTypeWords))}.`);
  return differences;
}

/** How the plan system's view of the client differs from its EIF, per policy number, in words. */
export function comparePlanSystem(eif: EifPlanSystemView, qps: PlanSystemClient): PlanSystemComparison {
  const client: string[] = [];
  if (eif.name !== null && eif.name.toLowerCase() !== qps.name.toLowerCase())
    client.push(`Name: ${eif.name} here, ${qps.name} in the plan system.`);
  if (eif.caseId !== qps.caseId)
    client.push(`Case id: ${quoted(eif.caseId)} here, ${qps.caseId} in the plan system.`);
  const policies: PolicyComparison[] = [];
  for (const qpsPolicy of qps.policies) {
    const policy = eif.policies.find((p) => p.policyNumber === qpsPolicy.policyNumber);
    if (!policy) {
      const coverages = qpsPolicy.coverages.length > 0 ? `: ${list(qpsPolicy.coverages)}` : '';
      policies.push({
        policyNumber: qpsPolicy.policyNumber,
        policyId: null,
        status: 'only-in-plan-system',
        differences: [`Policy ${qpsPolicy.policyNumber} is in the plan system only${coverages}.`],
      });
      continue;
    }
    const differences = comparePolicy(eif, policy, qpsPolicy);
    policies.push({
      policyNumber: qpsPolicy.policyNumber,
      policyId: policy.id,
      status: differences.length === 0 ? 'same' : 'different',
      differences,
    });
  }
  for (const policy of eif.policies) {
    if (qps.policies.some((q) => q.policyNumber === policy.policyNumber)) continue;
    const name = policy.policyNumber ?? 'without a number';
    policies.push({
      policyNumber: policy.policyNumber ?? '',
      policyId: policy.id,
      status: 'only-in-eif',
      differences: [`Policy ${name} is not in the plan system.`],
    });
  }
  return {
    inSync: client.length === 0 && policies.every((p) => p.status === 'same'),
    client,
    policies,
  };
}

// ---------------------------------------------------------------------------------------------------
// What an import or a sync writes

/**
 * An import applies everything the plan system holds (policies' numbers, coverages, effective dates and
 * plans by benefit type); a sync only what the plan system owns outright: the case id, the policy numbers
 * (a policy the EIF lacks) and effective dates. Neither removes anything, nor touches the client's
 * answers (the plans' and policies' other attributes).
 */
export type PlanSystemApplyScope = 'import' | 'sync';

export type EntityWrite = {
  action: 'create' | 'change';
  entity: EifEntity;
  entityId: string;
  attributes: Record<string, unknown>;
  /** What the write does, in words. */
  description: string;
};

/**
 * The writes that bring the EIF to the plan system's view, each described; none when they agree.
 * `newId` names entities created (a policy the EIF lacks, a plan for a benefit type).
 */
export function planSystemWrites(
  eif: EifPlanSystemView,
  qps: PlanSystemClient,
  scope: PlanSystemApplyScope,
  newId: () => string,
): EntityWrite[] {
  const writes: EntityWrite[] = [];
  if (eif.caseId !== qps.caseId)
    writes.push({
      action: 'change',
      entity: 'Client',
      entityId: eif.clientId,
      attributes: { caseId: qps.caseId },
      description: `Case id set to ${qps.caseId}.`,
    });
  for (const qpsPolicy of qps.policies) {
    const policy = eif.policies.find((p) => p.policyNumber === qpsPolicy.policyNumber);
    let policyId = policy?.id;
    if (!policy) {
      policyId = newId();
      writes.push({
        action: 'create',
        entity: 'Policy',
        entityId: policyId,
        attributes: {
          slfPolicyNumber: qpsPolicy.policyNumber,
          primaryPolicy: eif.policies.length === 0 && qpsPolicy === qps.policies[0],
          policyEffective: qpsPolicy.effectiveDate,
          ...(scope === 'import' ? { slfCoverages: qpsPolicy.coverages } : {}),
        },
        description:
          `Policy ${qpsPolicy.policyNumber} added` +
          (qpsPolicy.effectiveDate ? `, effective ${qpsPolicy.effectiveDate}` : '') +
          (scope === 'import' && qpsPolicy.coverages.length > 0
            ? `, covering ${list(qpsPolicy.coverages)}.`
            : '.'),
      });
    } else {
      const attributes: Record<string, unknown> = {};
      const said: string[] = [];
      if (!isSameStoredValue(policy.effectiveDate, qpsPolicy.effectiveDate)) {
        attributes.policyEffective = qpsPolicy.effectiveDate;
        said.push(`effective date ${quoted(policy.effectiveDate)} → ${quoted(qpsPolicy.effectiveDate)}`);
      }
      if (scope === 'import') {
        const added = missing(qpsPolicy.coverages, policy.coverages);
        const dropped = missing(policy.coverages, qpsPolicy.coverages);
        if (added.length > 0 || dropped.length > 0) {
          attributes.slfCoverages = qpsPolicy.coverages;
          if (added.length > 0) said.push(`${list(added)} added to the coverages`);
          if (dropped.length > 0) said.push(`${list(dropped)} taken off the coverages`);
        }
      }
      if (said.length > 0)
        writes.push({
          action: 'change',
          entity: 'Policy',
          entityId: policy.id,
          attributes,
          description: `Policy ${qpsPolicy.policyNumber}: ${said.join('; ')}.`,
        });
    }
    if (scope !== 'import' || !policyId) continue;
    const here = policy ? plansOf(eif, policy.id) : [];
    for (const benefitType of missing(qpsPolicy.benefitTypes, here)) {
      writes.push({
        action: 'create',
        entity: 'Plan',
        entityId: newId(),
        attributes: { benefitType, policyId },
        description: `${benefitTypeWords(benefitType)} plan added to policy ${qpsPolicy.policyNumber}.`,
      });
    }
  }
  return writes;
}
