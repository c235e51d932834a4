import { z } from 'zod';
import { defineRoute, json, problem, type ResponseSpec } from '@onboard/api-contract';
import { ClientView } from '@onboard/api-contract/views';
import {
  ANSWER,
  fixedValuesOf,
  formForEntity,
  type FieldDef,
  type ViewCollectionEntity,
} from '@onboard/domain';

/**
 * The EIF entity calls of platform §7. The bodies are generated from the forms' FieldDefs, the same ones
 * the routes validate with (validateFields answers the forms' own messages per field), so the published
 * shapes and the checks cannot drift. Every answer may be null (a blank), and unknown keys are refused.
 * Every write answers the client as its editor sees it (pending changes applied), with its version as
 * the ETag.
 */

/** The collections edited one item at a time: path segment, id parameter and the noun a person reads. */
export const ITEM_COLLECTIONS = [
  { entity: 'Location', path: 'locations', param: 'locationId', noun: 'location' },
  { entity: 'Contact', path: 'contacts', param: 'contactId', noun: 'contact' },
  { entity: 'Subsidiary', path: 'subsidiaries', param: 'subsidiaryId', noun: 'subsidiary' },
  {
    entity: 'MonthlyClaimsReportMailingLocation',
    path: 'monthly-claims-report-mailing-locations',
    param: 'mailingLocationId',
    noun: 'monthly claims report mailing location',
  },
] as const satisfies readonly { entity: ViewCollectionEntity; path: string; param: string; noun: string }[];
type ItemEntity = (typeof ITEM_COLLECTIONS)[number]['entity'];

/** Answers keyed by attribute, each checked by its field's rule. */
export const Answers = z.record(z.string(), z.unknown(), { error: 'Send the answers as an object' });
export const PlansBody = z
  .object({ plans: z.array(Answers.and(z.object({ id: z.string().min(1) }))) })
  .strict();
export const BillsBody = z
  .object({ bills: z.array(Answers.and(z.object({ id: z.string().min(1).optional() }))) })
  .strict();
export const DeleteBillsBody = z
  .object({ ids: z.array(z.string().min(1)).min(1, 'Choose at least one bill') })
  .strict();

function fieldSchema(field: FieldDef): z.ZodType {
  const base = (() => {
    switch (field.kind) {
      case 'text':
      case 'email':
      case 'phone':
      case 'zip':
      case 'state':
      case 'mmdd':
      case 'date':
      case 'taxId':
        return z.string();
      case 'contact':
        return z.string().describe('The id of one of the client’s contacts');
      case 'month':
        return z.number().int().min(1).max(12);
      case 'number':
        return z.number();
      case 'percentage':
        return z.number().min(0).max(100);
      case 'boolean':
        return z.boolean();
      case 'answer':
        return z.enum(ANSWER.codes as [string, ...string[]]);
      case 'choice':
        return z.enum(field.enumeration.codes as [string, ...string[]]);
      case 'multiChoice':
        return z.array(z.enum(field.enumeration.codes as [string, ...string[]]));
      case 'locations':
        return z.array(z.string()).describe('Ids of the client’s locations');
      default: {
        const unknown: never = field;
        throw new Error(`Unknown field kind ${JSON.stringify(unknown)}`);
      }
    }
  })();
  return base.nullable().optional().describe(field.label);
}

export function fieldsBodySchema(fields: readonly FieldDef[], extra: Record<string, z.ZodType> = {}) {
  return z.object({ ...Object.fromEntries(fields.map((f) => [f.key, fieldSchema(f)])), ...extra }).strict();
}

/** A collection item's body: its answers plus, on creation, the fixed attributes that pick its form. */
function itemSchema(entity: ItemEntity, isCreate: boolean) {
  const fixed = fixedValuesOf(entity);
  const keys = [...new Set(fixed.flatMap((f) => Object.keys(f)))];
  const extra = isCreate
    ? Object.fromEntries(
        keys.map((key) => [
          key,
          z.enum([...new Set(fixed.map((f) => f[key]!))] as [string, ...string[]]).describe('Picks the list'),
        ]),
      )
    : {};
  return fieldsBodySchema(formForEntity(entity), extra);
}

/** PUT /api/clients/{clientId}: every Client field of the forms. */
export const UpdateClientBody = fieldsBodySchema(formForEntity('Client'));

const clientPath = '/api/clients/{clientId}';
const ids = (...names: string[]) => z.object(Object.fromEntries(names.map((n) => [n, z.string().min(1)])));

type EntityRoute = {
  summary: string;
  params: readonly string[];
  body?: z.ZodType;
  status: 200 | 201;
  notFound: string;
  /** 409 when the item is still chosen elsewhere. */
  isInUseChecked?: boolean;
  /** 422 when a list rule refuses the item (one primary plan administrator). */
  isRuleChecked?: boolean;
};

function entityResponses(route: EntityRoute): Record<number, ResponseSpec> {
  const responses: Record<number, ResponseSpec> = {
    [route.status]: json(ClientView, 'The client as its editor sees it (view=editing)'),
    403: problem('Not yours, or a field the role may not change'),
    404: problem(route.notFound),
  };
  if (route.body)
    responses[400] = problem('Invalid answers, keyed body.<field> (body.bills.0.name in lists)');
  if (route.isInUseChecked)
    responses[409] = problem('IN_USE: still chosen elsewhere, or changed since the given version');
  if (route.isRuleChecked) responses[422] = problem('TOO_MANY: the list takes no more of this kind');
  return responses;
}

/**
 * Field-aware versions: `seen-version` is the form version the editor saw. Unlike If-Match (the whole
 * form), the edit is refused only when an answer it changes was changed after that version.
 */
export const SeenVersionHeaders = z.object({
  'seen-version': z.string().optional().meta({
    description: 'The version the editor saw; only changes to the same answers since then conflict',
  }),
});

const entityWrite = <
  const E extends `${'POST' | 'PUT' | 'DELETE'} /${string}`,
  const B extends z.ZodType | undefined = undefined,
>(
  endpoint: E,
  route: EntityRoute & { body?: B },
) =>
  defineRoute(endpoint, {
    tag: 'eif-entities',
    summary: route.summary,
    isVersioned: true,
    request: { params: ids(...route.params), body: route.body as B, headers: SeenVersionHeaders },
    responses: {
      ...entityResponses(route),
      409: problem(
        `${route.isInUseChecked ? 'IN_USE: still chosen elsewhere; or c' : 'C'}hanged since the given version: with If-Match any change, with Seen-Version only a change to an answer this edit changes (conflicts lists each with theirs, yours and who changed it)`,
      ),
    },
  });

export const updateClient = entityWrite(`PUT ${clientPath}`, {
  summary: 'Edit the client’s EIF answers (any Client field of the forms)',
  params: ['clientId'],
  body: UpdateClientBody,
  status: 200,
  notFound: 'No such client',
});
export const updatePolicy = entityWrite(`PUT ${clientPath}/policies/{policyId}`, {
  summary: 'Edit a policy’s EIF answers',
  params: ['clientId', 'policyId'],
  body: fieldsBodySchema(formForEntity('Policy')),
  status: 200,
  notFound: 'No such client or policy',
});
export const updatePlans = entityWrite(`PUT ${clientPath}/plans`, {
  summary: 'Edit the EIF answers of several plans in one write',
  params: ['clientId'],
  body: PlansBody,
  status: 200,
  notFound: 'No such client or plan',
});
export const saveBills = entityWrite(`PUT ${clientPath}/bills/bulk`, {
  summary: 'Save bills: items without an id are created, the others updated, in one write',
  params: ['clientId'],
  body: BillsBody,
  status: 200,
  notFound: 'No such client or bill',
});
export const deleteBills = entityWrite(`DELETE ${clientPath}/bills/bulk`, {
  summary: 'Delete bills by id, in one write',
  params: ['clientId'],
  body: DeleteBillsBody,
  status: 200,
  notFound: 'No such client or bill',
});

/** Add, edit and delete of each item collection. */
export const ITEM_ROUTES = ITEM_COLLECTIONS.map((collection) => {
  const { entity, path, param, noun } = collection;
  return {
    ...collection,
    create: entityWrite(`POST ${clientPath}/${path}`, {
      summary: `Add a ${noun}`,
      params: ['clientId'],
      body: itemSchema(entity, true),
      status: 201,
      notFound: 'No such client',
      isRuleChecked: entity === 'Contact',
    }),
    update: entityWrite(`PUT ${clientPath}/${path}/{${param}}`, {
      summary: `Edit a ${noun}`,
      params: ['clientId', param],
      body: itemSchema(entity, false),
      status: 200,
      notFound: `No such client or ${noun}`,
    }),
    remove: entityWrite(`DELETE ${clientPath}/${path}/{${param}}`, {
      summary: `Delete a ${noun}`,
      params: ['clientId', param],
      status: 200,
      notFound: `No such client or ${noun}`,
      isInUseChecked: entity === 'Location' || entity === 'Contact',
    }),
  };
});
export const ITEM_CONTRACTS = ITEM_ROUTES.flatMap((r) => [r.create, r.update, r.remove]);
