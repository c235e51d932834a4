import {
  AppError,
  FORM_MESSAGES,
  NotFoundError,
  RuleError,
  ValidationError,
  hasAnswer,
  VIEW_COLLECTIONS,
  normalizeFields,
  validateFields,
  type ClientView,
  type EifIntent,
  type EntityRow,
  type FieldDef,
  type FieldValues,
} from '@onboard/domain';
import {
  COLLECTION_ENTITIES,
  type CollectionEntity,
  type EditableEntity,
  type EntityForms,
} from './forms.ts';

/**
 * One requested change to one entity, as a route reads it from the request. `errorPrefix` is where its
 * field messages go in the 400 (`body.` for a single entity, `body.bills.0.` for an item of a list).
 */
export type EntityEdit =
  | { action: 'create'; entity: CollectionEntity; entityId: string; values: FieldValues; errorPrefix: string }
  | { action: 'update'; entity: EditableEntity; entityId: string; values: FieldValues; errorPrefix: string }
  | { action: 'delete'; entity: CollectionEntity; entityId: string };

export type EditContext = { clientId: string; newChangeId: () => string };

/** The words a message uses for an entity. */
const ENTITY_NOUNS: Record<EditableEntity, { one: string; many: string }> = {
  Client: { one: 'client', many: 'clients' },
  Policy: { one: 'policy', many: 'policies' },
  Plan: { one: 'plan', many: 'plans' },
  Location: { one: 'location', many: 'locations' },
  Contact: { one: 'contact', many: 'contacts' },
  Bill: { one: 'bill', many: 'bills' },
  Subsidiary: { one: 'subsidiary', many: 'subsidiaries' },
  MonthlyClaimsReportMailingLocation: {
    one: 'monthly claims report mailing location',
    many: 'monthly claims report mailing locations',
  },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const notFound = (entity: EditableEntity) =>
  new NotFoundError(`${capitalised(ENTITY_NOUNS[entity].one)} not found`);

/** A delete that would leave another answer pointing at nothing: 409, the user removes the uses first. */
export class InUseError extends AppError {
  constructor(message: string) {
    super(409, 'IN_USE', message);
  }
}

function rowsOf(view: ClientView, entity: EditableEntity): readonly EntityRow[] {
  if (entity === 'Client') return [{ ...view, id: view.id }];
  return view[VIEW_COLLECTIONS[entity]];
}

const pick = (values: FieldValues, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => Object.hasOwn(values, key)).map((key) => [key, values[key]]));

/**
 * Turns the requested edits into EIF commands, or refuses them all: every field message of every item is
 * collected into one 400, an unknown id is a 404, a delete of something still chosen elsewhere a 409.
 * Validation and normalisation are the forms' own (validateFields / normalizeFields): a create is checked
 * in full, an update only in the answers it sends, each against the entity as its editor sees it.
 */
export function decideEntityEdits(
  view: ClientView,
  forms: EntityForms,
  edits: readonly EntityEdit[],
  context: EditContext,
): EifIntent[] {
  const errors: Record<string, string> = {};
  const commands: EifIntent[] = [];
  const { clientId } = context;
  for (const edit of edits) {
    switch (edit.action) {
      case 'create': {
        const fixedKeys = forms.fixedKeysOf(edit.entity);
        const fixed = pick(edit.values, fixedKeys);
        const sent = Object.fromEntries(
          Object.entries(edit.values).filter(([key]) => !fixedKeys.includes(key)),
        );
        const fields = fieldsOrErrors(forms, edit.entity, fixed, fixedKeys, edit.errorPrefix, errors);
        if (!fields) continue;
        refuseBeyondMax(view, forms, edit.entity, fixed);
        // Every question of the form is stored, blank as null, so a row always has the same keys.
        const complete = { ...Object.fromEntries(fields.map((field) => [field.key, null])), ...sent };
        if (!check(fields, sent, complete, {}, false, view, edit.errorPrefix, errors)) continue;
        commands.push({
          type: 'CreateEntity',
          data: {
            clientId,
            entity: edit.entity,
            entityId: edit.entityId,
            attributes: { ...fixed, ...normalizeFields(fields, complete, {}) },
            changeId: context.newChangeId(),
          },
        });
        break;
      }
      case 'update': {
        const current = rowsOf(view, edit.entity).find((row) => row.id === edit.entityId);
        if (!current) throw notFound(edit.entity);
        const fixedKeys = forms.fixedKeysOf(edit.entity);
        const fixed = pick(current, fixedKeys);
        // Sending a fixed attribute back unchanged is harmless (a form that posts the whole row).
        const sent = Object.fromEntries(
          Object.entries(edit.values).filter(([key, value]) => !(key in fixed && fixed[key] === value)),
        );
        const fields = fieldsOrErrors(forms, edit.entity, current, [], edit.errorPrefix, errors);
        if (!fields) continue;
        if (!check(fields, sent, sent, current, true, view, edit.errorPrefix, errors)) continue;
        commands.push({
          type: 'ChangeAttributes',
          data: {
            clientId,
            entity: edit.entity,
            entityId: edit.entityId,
            attributes: normalizeFields(fields, sent, current),
            changeId: context.newChangeId(),
          },
        });
        break;
      }
      case 'delete': {
        if (!rowsOf(view, edit.entity).some((row) => row.id === edit.entityId)) throw notFound(edit.entity);
        const uses = usesOf(view, forms, edit.entity, edit.entityId);
        if (uses) throw new InUseError(uses);
        commands.push({
          type: 'DeleteEntity',
          data: { clientId, entity: edit.entity, entityId: edit.entityId, changeId: context.newChangeId() },
        });
        break;
      }
      default: {
        const unknown: never = edit;
        throw new Error(`Unknown edit ${JSON.stringify(unknown)}`);
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return commands;
}

function fieldsOrErrors(
  forms: EntityForms,
  entity: EditableEntity,
  item: FieldValues,
  fixedKeys: readonly string[],
  prefix: string,
  errors: Record<string, string>,
): readonly FieldDef[] | null {
  const fields = forms.fieldsOf(entity, item);
  if (fields) return fields;
  // No form adds such an item: the fixed attribute that selects the form is the wrong answer.
  if (fixedKeys.length === 0)
    throw new RuleError('NOT_EDITABLE', `No form edits this ${ENTITY_NOUNS[entity].one}`);
  for (const key of fixedKeys) {
    errors[`${prefix}${key}`] = hasAnswer(item[key]) ? FORM_MESSAGES.choice : FORM_MESSAGES.required;
  }
  return null;
}

function refuseBeyondMax(view: ClientView, forms: EntityForms, entity: CollectionEntity, fixed: FieldValues) {
  const max = forms.maxItemsOf(entity, fixed);
  if (max === undefined) return;
  const same = rowsOf(view, entity).filter((row) => Object.entries(fixed).every(([k, v]) => row[k] === v));
  if (same.length >= max) {
    const noun = max === 1 ? `one ${ENTITY_NOUNS[entity].one}` : `${max} ${ENTITY_NOUNS[entity].many}`;
    throw new RuleError('TOO_MANY', `This list takes only ${noun} of this kind. Edit the one there is.`);
  }
}

/** The forms' checks, then the ids a field chooses must be the client's own locations and contacts. */
function check(
  fields: readonly FieldDef[],
  sent: FieldValues,
  merged: FieldValues,
  current: FieldValues,
  partial: boolean,
  view: ClientView,
  prefix: string,
  errors: Record<string, string>,
): boolean {
  const found = validateFields(fields, merged, { current, partial });
  for (const field of fields) {
    if (found[field.key] || !Object.hasOwn(sent, field.key)) continue;
    const message = referenceError(field, sent[field.key], view);
    if (message) found[field.key] = message;
  }
  for (const [key, message] of Object.entries(found)) errors[`${prefix}${key}`] = message;
  return Object.keys(found).length === 0;
}

function referenceError(field: FieldDef, value: unknown, view: ClientView): string | null {
  if (field.kind === 'locations' && Array.isArray(value)) {
    const ids = new Set(view.locations.map((row) => row.id));
    return value.every((id) => ids.has(String(id))) ? null : FORM_MESSAGES.choice;
  }
  if (field.kind === 'contact' && typeof value === 'string' && value !== '') {
    const contact = view.contacts.find((row) => row.id === value);
    if (!contact) return FORM_MESSAGES.choice;
    if (field.contactTypes && !field.contactTypes.includes(String(contact.type))) return FORM_MESSAGES.choice;
  }
  return null;
}

/**
 * What still chooses a Location or a Contact (fields of kind `locations` / `contact` on any entity), as
 * the sentence the 409 shows; null when nothing does.
 */
export function usesOf(
  view: ClientView,
  forms: EntityForms,
  target: CollectionEntity,
  targetId: string,
): string | null {
  const kind = target === 'Location' ? 'locations' : target === 'Contact' ? 'contact' : null;
  if (!kind) return null;
  const counts = new Map<EditableEntity, number>();
  const holders: readonly EditableEntity[] = ['Client', 'Policy', 'Plan', ...COLLECTION_ENTITIES];
  for (const entity of holders) {
    for (const row of rowsOf(view, entity)) {
      const fields = forms.fieldsOf(entity, row) ?? [];
      const isUsing = fields.some((field) => {
        if (field.kind !== kind) return false;
        const value = row[field.key];
        return Array.isArray(value) ? value.includes(targetId) : value === targetId;
      });
      if (isUsing) counts.set(entity, (counts.get(entity) ?? 0) + 1);
    }
  }
  if (counts.size === 0) return null;
  const list = [...counts].map(([entity, n]) => {
    if (entity === 'Client') return "the client's answers";
    return `${n} ${n === 1 ? ENTITY_NOUNS[entity].one : ENTITY_NOUNS[entity].many}`;
  });
  const joined = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
  return `This ${ENTITY_NOUNS[target].one} is still chosen in ${joined}. Remove it there first.`;
}
