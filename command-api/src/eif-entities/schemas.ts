import { z } from 'zod';
import { ANSWER, fixedValuesOf, formForEntity, type FieldDef } from '@onboard/domain';
import { BillsBody, DeleteBillsBody, ITEM_COLLECTIONS, PlansBody } from './routes.ts';
import { ENTITY_NOUNS } from './edits.ts';
import type { CollectionEntity } from './forms.ts';

/**
 * The bodies of the entity routes as zod schemas, for the published API only: the routes validate with
 * the FieldDefs themselves (validateFields), and these are generated from the same FieldDefs so the two
 * cannot drift. Every answer may be null (a blank), and unknown keys are refused.
 */
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
function itemSchema(entity: CollectionEntity, isCreate: boolean) {
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

export type EntityRouteDoc = {
  method: 'post' | 'put' | 'delete';
  /** OpenAPI style, `{param}`. */
  path: string;
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

/** What platform/src/http/openapi.ts publishes for the entity routes; mirrors routes.ts. */
export function eifEntityRouteDocs(): EntityRouteDoc[] {
  const clientId = '/api/clients/{clientId}';
  const docs: EntityRouteDoc[] = [
    {
      method: 'put',
      path: clientId,
      summary: 'Edit the client’s EIF answers (any Client field of the forms)',
      params: ['clientId'],
      body: UpdateClientBody,
      status: 200,
      notFound: 'No such client',
    },
    {
      method: 'put',
      path: `${clientId}/policies/{policyId}`,
      summary: 'Edit a policy’s EIF answers',
      params: ['clientId', 'policyId'],
      body: fieldsBodySchema(formForEntity('Policy')),
      status: 200,
      notFound: 'No such client or policy',
    },
    {
      method: 'put',
      path: `${clientId}/plans`,
      summary: 'Edit the EIF answers of several plans in one write',
      params: ['clientId'],
      body: PlansBody,
      status: 200,
      notFound: 'No such client or plan',
    },
    {
      method: 'put',
      path: `${clientId}/bills/bulk`,
      summary: 'Save bills: items without an id are created, the others updated, in one write',
      params: ['clientId'],
      body: BillsBody,
      status: 200,
      notFound: 'No such client or bill',
    },
    {
      method: 'delete',
      path: `${clientId}/bills/bulk`,
      summary: 'Delete bills by id, in one write',
      params: ['clientId'],
      body: DeleteBillsBody,
      status: 200,
      notFound: 'No such client or bill',
    },
  ];
  for (const { entity, path, param } of ITEM_COLLECTIONS) {
    const noun = ENTITY_NOUNS[entity].one;
    const one = `${clientId}/${path}/{${param}}`;
    docs.push(
      {
        method: 'post',
        path: `${clientId}/${path}`,
        summary: `Add a ${noun}`,
        params: ['clientId'],
        body: itemSchema(entity, true),
        status: 201,
        notFound: 'No such client',
        isRuleChecked: entity === 'Contact',
      },
      {
        method: 'put',
        path: one,
        summary: `Edit a ${noun}`,
        params: ['clientId', param],
        body: itemSchema(entity, false),
        status: 200,
        notFound: `No such client or ${noun}`,
      },
      {
        method: 'delete',
        path: one,
        summary: `Delete a ${noun}`,
        params: ['clientId', param],
        status: 200,
        notFound: `No such client or ${noun}`,
        isInUseChecked: entity === 'Location' || entity === 'Contact',
      },
    );
  }
  return docs;
}
