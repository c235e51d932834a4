import { unhandled } from '../exhaustive.ts';
import type { EifEntity, EifEvent } from '@onboard/events';
import { VIEW_COLLECTIONS, type ClientView, type EntityRow } from './client-view.ts';
import { EIF_FORMS, formForEntity } from './forms/definitions.ts';
import { formatAnswer as formatFieldAnswer, planBenefitTypeLabel } from './forms/summary.ts';
import type { Enumeration, FieldDef } from './forms/types.ts';
import * as ENUMERATIONS from './steps/enumerations.ts';
import { formatTaxId } from './tax-id.ts';

/**
 * What people read instead of keys, codes and ids: an attribute by its question's label in the form
 * definitions, a choice by its option's label, an entity by what it is ("Location: Boston office"), a
 * person by name and role. Every screen that shows a change, a difference or a stamp words it here.
 */

/** The view's lists a label may look into to name a referenced location or contact. */
export type LabelView = Partial<Pick<ClientView, 'locations' | 'contacts'>> &
  Partial<Record<string, unknown>>;

export const EMPTY_ANSWER = '(empty)';

/** Entities in words. */
export const ENTITY_LABELS: Readonly<Record<EifEntity, string>> = {
  Client: 'Company',
  Policy: 'Policy',
  Plan: 'Plan',
  Contact: 'Contact',
  Location: 'Location',
  Bill: 'Bill',
  BillLocation: 'Bill location',
  ContactLocation: 'Contact location',
  EmployeeClass: 'Employee class',
  EmployeeClassPlan: 'Class plan',
  Subsidiary: 'Subsidiary',
  MonthlyClaimsReportMailingLocation: 'Claims report mailing location',
};

/** Roles in words, the outside signer (who acts by link) and the system included. */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  BEN_ADMIN: 'Benefits administrator',
  BROKER: 'Broker',
  SLF_ADMIN: 'Carrier admin',
  SLF_OWNER: 'Carrier owner',
  OUTSIDE_SIGNER: 'Outside signer',
  SYSTEM: 'System',
};

// Keys the carrier sets (not asked by a form) and the class builder's own questions.
const EXTRA_ATTRIBUTE_LABELS: Readonly<Record<string, string>> = {
  taxId: 'Federal Tax ID (EIN)',
  name: 'Name',
  employeesNumber: 'Number of employees',
  slfPolicyNumber: 'Policy number',
  slfCoverages: 'Coverages',
  primaryPolicy: 'Primary policy',
  policyEffective: 'Effective date',
  issuedStateSitus: 'Situs state',
  benefitType: 'Benefit type',
  policyId: 'Policy',
  planId: 'Plan',
  employeeClassId: 'Employee class',
  locationId: 'Location',
  contactId: 'Contact',
  billId: 'Bill',
  groupName: 'Class name',
  description: 'Description',
  employeeTypes: 'Employee types',
  waitingPeriodType: 'Waiting period',
  waitingPeriodDays: 'Waiting period days',
  minimumWeeklyHours: 'Minimum weekly hours',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  type: 'Type',
};

// The entities as data here (not the events catalogue's list, whose zod schemas the web should not load).
const EIF_ENTITIES = Object.keys(ENTITY_LABELS) as EifEntity[];

const isEntity = (entity: string | null | undefined): entity is EifEntity =>
  typeof entity === 'string' && (EIF_ENTITIES as readonly string[]).includes(entity);

const FIELDS_BY_ENTITY: ReadonlyMap<string, ReadonlyMap<string, FieldDef>> = new Map(
  EIF_ENTITIES.map((entity) => [entity, new Map(formForEntity(entity).map((field) => [field.key, field]))]),
);

// Any entity's field for a key, for a change whose entity is unknown (first definition wins).
const ANY_FIELD: ReadonlyMap<string, FieldDef> = (() => {
  const byKey = new Map<string, FieldDef>();
  for (const fields of FIELDS_BY_ENTITY.values())
    for (const [key, field] of fields) if (!byKey.has(key)) byKey.set(key, field);
  return byKey;
})();

const enumerationsOfForms = (): Enumeration[] =>
  Object.values(EIF_FORMS).flatMap((form) =>
    form.sections.flatMap((section) =>
      'fields' in section
        ? section.fields.flatMap((field) =>
            field.kind === 'choice' || field.kind === 'multiChoice' ? [field.enumeration] : [],
          )
        : [],
    ),
  );

const isEnumeration = (value: unknown): value is Enumeration =>
  typeof value === 'object' && value !== null && 'codes' in value && 'labels' in value;

/**
 * Every option list the forms ask from: the shared enumerations and the forms' own. (The class builder's
 * lists stay with its screens, which word them; a code from them elsewhere reads in words by its shape.)
 */
export const ALL_ENUMERATIONS: readonly Enumeration[] = [
  ...(Object.values(ENUMERATIONS) as unknown[]).filter(isEnumeration),
  ...enumerationsOfForms(),
];

/** Every option code with its label (the first list that has a code names it). */
export const OPTION_LABELS: ReadonlyMap<string, string> = (() => {
  const labels = new Map<string, string>();
  for (const enumeration of ALL_ENUMERATIONS)
    for (const code of enumeration.codes) {
      const label = enumeration.labels[code];
      if (label && !labels.has(code)) labels.set(code, label);
    }
  return labels;
})();

/** Every attribute key a form definition asks (any entity). */
export const FORM_ATTRIBUTE_KEYS: readonly string[] = [...ANY_FIELD.keys()];

/** The form field that asks an attribute of an entity (any entity's when the entity is not given). */
export function fieldOf(entity: string | null | undefined, attributeKey: string): FieldDef | undefined {
  return (
    (isEntity(entity) ? FIELDS_BY_ENTITY.get(entity)?.get(attributeKey) : undefined) ??
    ANY_FIELD.get(attributeKey)
  );
}

const sentenceCase = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** An attribute as the question that asks it; a key no form asks reads as words ('Policy anniversary month'). */
export function attributeLabel(entity: string | null | undefined, attributeKey: string): string {
  if (entity === 'Client' && attributeKey === 'name') return 'Company name';
  return (
    fieldOf(entity, attributeKey)?.label ?? EXTRA_ATTRIBUTE_LABELS[attributeKey] ?? sentenceCase(attributeKey)
  );
}

const isCodeLike = (value: string) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(value) || OPTION_LABELS.has(value);

/** An option code in words, from the domain's option lists; a benefit type by its name. */
export function optionLabel(code: string): string {
  const known = OPTION_LABELS.get(code);
  if (known) return known;
  return isCodeLike(code) ? planBenefitTypeLabel(code) : code;
}

const rowsOf = (view: LabelView | undefined, list: string): EntityRow[] => {
  const rows = view?.[list];
  return Array.isArray(rows) ? (rows as EntityRow[]) : [];
};

const REFERENCE_LISTS: Readonly<Record<string, string>> = {
  policyId: 'policies',
  planId: 'plans',
  employeeClassId: 'employeeClasses',
  locationId: 'locations',
  contactId: 'contacts',
  billId: 'bills',
};

/** An answer as a person reads it: options by label, yes/no, dates and months in words, references by name. */
export function valueLabel(
  entity: string | null | undefined,
  attributeKey: string | null,
  value: unknown,
  view?: LabelView,
): string {
  if (value === null || value === undefined || value === '') return EMPTY_ANSWER;
  if (Array.isArray(value) && value.length === 0) return EMPTY_ANSWER;
  const field = attributeKey === null ? undefined : fieldOf(entity, attributeKey);
  if (field) {
    const text = formatFieldAnswer(field, value, {
      locations: rowsOf(view, 'locations'),
      contacts: rowsOf(view, 'contacts'),
    });
    return text;
  }
  if (attributeKey === 'taxId' && typeof value === 'string') return formatTaxId(value);
  if (attributeKey && REFERENCE_LISTS[attributeKey] && typeof value === 'string') {
    const row = rowsOf(view, REFERENCE_LISTS[attributeKey]).find((r) => r.id === value);
    return row ? (rowName(row) ?? ENTITY_LABELS.Policy) : 'another item';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => valueLabel(null, null, v, view)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([key]) => key !== 'id' && !REFERENCE_LISTS[key] && key !== 'clientId')
      .map(([key, v]) => `${attributeLabel(entity, key)}: ${valueLabel(entity, key, v, view)}`)
      .join('; ');
  }
  if (typeof value === 'string') return isCodeLike(value) ? optionLabel(value) : value;
  return String(value);
}

/** What an item is called by its own answers: a person's name, a name, a policy number, a benefit. */
export function rowName(row: Readonly<Record<string, unknown>> | undefined | null): string | null {
  if (!row) return null;
  const text = (key: string) => (typeof row[key] === 'string' && row[key] ? (row[key] as string) : null);
  const person = [text('firstName'), text('lastName')].filter(Boolean).join(' ');
  if (person) return person;
  for (const key of ['name', 'locationName', 'groupName', 'subsidiaryName', 'billName', 'description']) {
    const found = text(key);
    if (found) return found;
  }
  const policy = text('slfPolicyNumber');
  if (policy) return policy;
  const benefit = text('benefitType');
  if (benefit) return planBenefitTypeLabel(benefit);
  const city = [text('address1'), text('city')].filter(Boolean).join(', ');
  return city || null;
}

/** The entity in words with what it is called: "Location: Boston office"; the company is "Company". */
export function entityLabel(
  entity: string,
  entityId: string,
  view?: LabelView,
  attributes?: Readonly<Record<string, unknown>>,
): string {
  const kind = isEntity(entity) ? ENTITY_LABELS[entity] : sentenceCase(entity);
  if (entity === 'Client') return kind;
  const list = isEntity(entity)
    ? (VIEW_COLLECTIONS as Partial<Record<EifEntity, string>>)[entity]
    : undefined;
  const row = list ? rowsOf(view, list).find((r) => r.id === entityId) : undefined;
  const name = rowName(row) ?? rowName(attributes);
  return name ? `${kind}: ${name}` : kind;
}

/** A role in words. */
export function roleLabel(role: string): string {
  return (
    ROLE_LABELS[role] ??
    sentenceCase(role.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()))
  );
}

/** A person as people read them: "First Last (Role)". */
export function personLabel(person: { firstName?: string | null; lastName?: string | null; role: string }) {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${roleLabel(person.role)})` : `A ${roleLabel(person.role).toLowerCase()}`;
}

/**
 * Who did something, from the names the server resolved (`people`: id to "First Last (Role)"); someone
 * the server could not name reads as their role, never as an id.
 */
export function actorLabel(
  actor: { userId?: string | null; role?: string | null } | null | undefined,
  people?: Readonly<Record<string, string>> | null,
): string {
  if (!actor) return '—';
  const named = actor.userId ? people?.[actor.userId] : undefined;
  if (named) return named;
  return actor.role ? `A ${roleLabel(actor.role).toLowerCase()}` : 'Someone';
}

/** One change in words: "Location: Boston office: Phone changed from 555-0100 to 555-0199". */
export function changeSentence(change: {
  entity: string;
  entityId: string;
  attributeKey: string | null;
  previous: unknown;
  value: unknown;
  view?: LabelView;
}): string {
  const where = entityLabel(change.entity, change.entityId, change.view);
  if (change.attributeKey === null) return where;
  const what = attributeLabel(change.entity, change.attributeKey);
  const from = valueLabel(change.entity, change.attributeKey, change.previous, change.view);
  const to = valueLabel(change.entity, change.attributeKey, change.value, change.view);
  return from === EMPTY_ANSWER
    ? `${where}: ${what} set to ${to}`
    : `${where}: ${what} changed from ${from} to ${to}`;
}

/** What kind of step an event was, in words (the history's pill). */
export const EVENT_KIND_LABELS: Readonly<Record<string, string>> = {
  EifEntityCreated: 'Added',
  EifEntityChanged: 'Changed',
  EifEntityDeleted: 'Removed',
  EifSigned: 'Signed',
  EifChangesMarkedReadyForReview: 'Submitted for review',
  EifChangesAccepted: 'Accepted',
  EifChangesDeclined: 'Declined',
  EifIcEditsUndone: 'IC edits undone',
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One event in sentences a person reads, each naming the item by what it is and the answer by its
 * question: "Location: Boston office: Phone number changed from 555-0100 to 555-0199". `view` names the
 * items (the form now); an item since removed is named from its own recorded answers.
 */
export function describeEventInWords(event: EifEvent, view?: LabelView): string[] {
  const pending = 'pending' in event.data && event.data.pending ? ' (pending review)' : '';
  switch (event.type) {
    case 'EifEntityCreated':
      return [
        `${entityLabel(event.data.entity, event.data.entityId, view, event.data.attributes)} added${pending}`,
      ];
    case 'EifEntityChanged':
      return event.data.changes.map(
        (change) =>
          changeSentence({
            entity: event.data.entity,
            entityId: event.data.entityId,
            attributeKey: change.attributeKey,
            previous: change.previousValue,
            value: change.value,
            view,
          }) + pending,
      );
    case 'EifEntityDeleted':
      return [`${entityLabel(event.data.entity, event.data.entityId, view)} removed${pending}`];
    case 'EifSigned':
      return [
        event.data.signerKind === 'OUTSIDE_SIGNER'
          ? 'Form signed by an outside signer'
          : event.data.signerKind === 'BROKER_AS_AUTHORIZED_SIGNER'
            ? 'Form signed by the broker as authorized signer'
            : 'Form signed by the authorized signer',
      ];
    case 'EifChangesMarkedReadyForReview':
      return ['Changes marked ready for review'];
    case 'EifChangesAccepted':
      return [`${count(event.data.changeIds.length, 'change', 'changes')} accepted`];
    case 'EifChangesDeclined':
      return [`${count(event.data.changeIds.length, 'change', 'changes')} declined: ${event.data.reason}`];
    case 'EifIcEditsUndone':
      return [
        `${count(event.data.changeIds.length, 'implementation consultant edit', 'implementation consultant edits')} undone`,
      ];
    default:
      return unhandled('event', event);
  }
}
