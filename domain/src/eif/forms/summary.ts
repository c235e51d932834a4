import type { EifEntity } from '@onboard/events';
import { VIEW_COLLECTIONS, type ClientView, type EntityRow } from '../client-view.ts';
import type { PendingChange } from '../decider.ts';
import type { EifSectionStatus } from '../steps/status.ts';
import { hasAnswer } from '../steps/status.ts';
import { ANSWER } from '../steps/enumerations.ts';
import { formatTaxId } from '../tax-id.ts';
import type { EifStepId, EifSubStepId } from '../steps/catalogue.ts';
import { subStepForm } from './definitions.ts';
import { shownFields } from './fields.ts';
import { eifStepStatuses } from './status.ts';
import type { FieldDef, FieldValues, FormSection } from './types.ts';
import { monthName } from '../../platform/month-name.ts';

/**
 * The whole EIF as a reader sees it: every visible step and sub-step (onboarding §4) with its answers as
 * label / value text, grouped the way the form asks them, and every pending change marked where it
 * applies. The summary PDF and the read-only summary page both read this, so they never disagree.
 */

export const NOT_ANSWERED = 'Not answered';

export type AnswerLine = {
  label: string;
  value: string;
  /** The value a pending (unreviewed) change would set; absent when nothing is pending here. */
  pending?: string;
};

export type AnswerGroup = {
  title: string;
  lines: AnswerLine[];
  /** Set when the whole item is a pending addition or removal. */
  pending?: 'Added' | 'Removed';
};

export type SubStepSummary = {
  id: EifSubStepId;
  label: string;
  status: EifSectionStatus;
  groups: AnswerGroup[];
};
export type StepSummary = {
  id: EifStepId;
  label: string;
  status: EifSectionStatus;
  subSteps: SubStepSummary[];
};

/** A stored 'YYYY-MM-DD' as people read it ('January 1, 2027'); anything else as stored. */
function calendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = match ? monthName(Number(match[2])) : undefined;
  return match && month ? `${month} ${Number(match[3])}, ${match[1]}` : value;
}

/** A benefit type code in words: LONG_TERM_DISABILITY -> 'Long term disability'; PFML codes keep capitals. */
export function planBenefitTypeLabel(code: string): string {
  if (/^PFML_/.test(code)) return code.replace(/^PFML_([A-Z]{2})_/, 'PFML $1 ').replaceAll('_', ' ');
  // Three-letter codes are acronyms (DBL, PFL, TDB, TDI, FLI, EAP); LIFE is a word.
  if (/^[A-Z]{2,3}$/.test(code)) return code;
  return code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' ');
}

const rowName = (row: EntityRow | undefined): string | null => {
  if (!row) return null;
  const person = [row.firstName, row.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  return person || (typeof row.name === 'string' && row.name ? row.name : null);
};

/** One answer as text, with the words of its enumeration, the names of referenced locations and contacts. */
export function formatAnswer(
  field: FieldDef,
  value: unknown,
  view: Pick<ClientView, 'locations' | 'contacts'>,
) {
  if (!hasAnswer(value)) return NOT_ANSWERED;
  switch (field.kind) {
    case 'taxId':
      return typeof value === 'string' ? formatTaxId(value) : String(value);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'answer':
      return ANSWER.labels[value as keyof typeof ANSWER.labels] ?? String(value);
    case 'choice':
      return field.enumeration.labels[String(value)] ?? String(value);
    case 'multiChoice':
      return (value as unknown[])
        .map((code) => field.enumeration.labels[String(code)] ?? String(code))
        .join(', ');
    case 'month':
      return monthName(Number(value)) ?? String(value);
    case 'percentage':
      return `${String(value)}%`;
    case 'locations':
      return (value as unknown[])
        .map((id) => rowName(view.locations.find((row) => row.id === id)) ?? String(id))
        .join(', ');
    case 'contact':
      return rowName(view.contacts.find((row) => row.id === value)) ?? String(value);
    case 'text':
    case 'email':
    case 'phone':
    case 'zip':
    case 'state':
    case 'mmdd':
    case 'number':
      return String(value);
    case 'date':
      return calendarDate(String(value));
    default: {
      const unknown: never = field;
      throw new Error(`Unknown field kind ${JSON.stringify(unknown)}`);
    }
  }
}

type PendingIndex = {
  /** Pending new value by entity:id:key, from updates and creations (the last one wins). */
  values: Map<string, unknown>;
  created: Set<string>;
  deleted: Set<string>;
};

const key = (entity: string, entityId: string) => `${entity}:${entityId}`;

function indexPending(changes: readonly PendingChange[]): PendingIndex {
  const index: PendingIndex = { values: new Map(), created: new Set(), deleted: new Set() };
  for (const change of changes) {
    const entityKey = key(change.entity, change.entityId);
    if (change.action === 'delete') index.deleted.add(entityKey);
    if (change.action === 'create') index.created.add(entityKey);
    for (const [attribute, value] of Object.entries(change.attributes))
      index.values.set(`${entityKey}:${attribute}`, value);
  }
  return index;
}

function linesOf(
  fields: readonly FieldDef[],
  row: FieldValues,
  entity: EifEntity,
  entityId: string,
  view: ClientView,
  pending: PendingIndex,
): AnswerLine[] {
  return shownFields(fields, row).map((field) => {
    const line: AnswerLine = { label: field.label, value: formatAnswer(field, row[field.key], view) };
    const pendingKey = `${key(entity, entityId)}:${field.key}`;
    if (pending.values.has(pendingKey) && !pending.created.has(key(entity, entityId)))
      line.pending = formatAnswer(field, pending.values.get(pendingKey), view);
    return line;
  });
}

const policyTitle = (policy: EntityRow) => `Policy ${String(policy.slfPolicyNumber ?? policy.id)}`;

function groupsOf(section: FormSection, subStepLabel: string, view: ClientView, pending: PendingIndex) {
  switch (section.type) {
    case 'client':
      return [
        {
          title: section.title ?? subStepLabel,
          lines: linesOf(section.fields, view, 'Client', view.id, view, pending),
        },
      ];
    case 'policy':
      return view.policies.map((policy) => ({
        title: section.title ? `${section.title} · ${policyTitle(policy)}` : policyTitle(policy),
        lines: linesOf(section.fields, policy, 'Policy', policy.id, view, pending),
      }));
    case 'plan':
      return view.plans.filter(section.plans).map((plan) => ({
        title: `${section.title ? `${section.title} · ` : ''}${planBenefitTypeLabel(String(plan.benefitType ?? plan.id))}`,
        lines: linesOf(section.fields, plan, 'Plan', plan.id, view, pending),
      }));
    case 'collection': {
      if (section.when && !section.when(view)) return [];
      return collectionGroups(section, view, pending);
    }
    case 'classBuilder':
      return classGroups(view, pending);
    default: {
      const unknown: never = section;
      throw new Error(`Unknown form section ${JSON.stringify(unknown)}`);
    }
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function collectionGroups(
  section: Extract<FormSection, { type: 'collection' }>,
  view: ClientView,
  pending: PendingIndex,
): AnswerGroup[] {
  const rows = view[VIEW_COLLECTIONS[section.entity]].filter(
    (row) => !section.fixed || Object.entries(section.fixed).every(([k, v]) => row[k] === v),
  );
  // Items a pending change adds are not in the accepted view yet: list them from the change itself.
  const added = [...pending.created]
    .filter((entityKey) => entityKey.startsWith(`${section.entity}:`))
    .map((entityKey) => entityKey.slice(section.entity.length + 1))
    .filter((id) => !rows.some((row) => row.id === id));
  const addedRows = added
    .map((id): EntityRow => {
      const values: Record<string, unknown> = { id };
      for (const [pendingKey, value] of pending.values)
        if (pendingKey.startsWith(`${section.entity}:${id}:`))
          values[pendingKey.slice(section.entity.length + id.length + 2)] = value;
      return values as EntityRow;
    })
    .filter((row) => !section.fixed || Object.entries(section.fixed).every(([k, v]) => row[k] === v));
  if (rows.length + addedRows.length === 0)
    return [{ title: section.title, lines: [{ label: section.itemLabel, value: 'None added' }] }];
  return [
    ...rows.map((row, i): AnswerGroup => {
      const group: AnswerGroup = {
        title: `${capitalized(section.itemLabel)} ${i + 1}${rowName(row) ? `: ${rowName(row)}` : ''}`,
        lines: linesOf(section.fields, row, section.entity, row.id, view, pending),
      };
      if (pending.deleted.has(key(section.entity, row.id))) group.pending = 'Removed';
      return group;
    }),
    ...addedRows.map((row): AnswerGroup => ({
      title: `${capitalized(section.itemLabel)}${rowName(row) ? `: ${rowName(row)}` : ''}`,
      lines: linesOf(section.fields, row, section.entity, row.id, view, pending),
      pending: 'Added',
    })),
  ];
}

function classGroups(view: ClientView, pending: PendingIndex): AnswerGroup[] {
  if (view.employeeClasses.length === 0)
    return [{ title: 'Employee classes', lines: [{ label: 'Classes', value: 'None added' }] }];
  const planLabel = (planId: unknown) => {
    const plan = view.plans.find((row) => row.id === planId);
    return planBenefitTypeLabel(String(plan?.benefitType ?? planId));
  };
  return view.employeeClasses.map((employeeClass) => {
    const classPlans = view.employeeClassPlans.filter((row) => row.employeeClassId === employeeClass.id);
    const group: AnswerGroup = {
      title: `Class: ${String(employeeClass.groupName ?? employeeClass.id)}`,
      lines:
        classPlans.length === 0
          ? [{ label: 'Plans', value: 'None chosen' }]
          : classPlans.map((row) => {
              const er = row.employerContributionPercentage;
              const ee = row.employeeContributionPercentage;
              const split =
                hasAnswer(er) || hasAnswer(ee)
                  ? `employer ${String(er ?? '?')}% / employee ${String(ee ?? '?')}%`
                  : 'contributions not given';
              return { label: planLabel(row.planId), value: split };
            }),
    };
    if (pending.deleted.has(key('EmployeeClass', employeeClass.id))) group.pending = 'Removed';
    return group;
  });
}

/** The visible steps with their statuses and answers, for the accepted view of a client. */
export function eifFormSummary(view: ClientView): StepSummary[] {
  const pending = indexPending(view.pendingChanges);
  return eifStepStatuses(view).map((step) => ({
    id: step.id,
    label: step.label,
    status: step.status,
    subSteps: step.subSteps.map((subStep) => ({
      id: subStep.id,
      label: subStep.label,
      status: subStep.status,
      groups: subStepForm(subStep.id).sections.flatMap((section) =>
        groupsOf(section, subStep.label, view, pending),
      ),
    })),
  }));
}
