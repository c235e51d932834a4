import { describe, expect, it } from 'vitest';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { signingTemplateDecider, type SigningTemplateCommand } from './template.ts';
import { staff, at } from '../testing/actors.ts';

const given = givenWhenThen(signingTemplateDecider);
const create: SigningTemplateCommand = {
  type: 'CreateTemplate',
  data: {
    templateId: 't1',
    name: ' Group application ',
    documentId: 'd1',
    fileName: 'a.pdf',
    sha256: 'h',
    pages: [{ width: 612, height: 792 }],
  },
  metadata: { at, by: staff },
};
const roles = [{ roleId: 'r1', name: 'Employer', routingOrder: 1, quorum: null }];
const field = {
  fieldId: 'f1',
  roleId: 'r1',
  kind: 'signature' as const,
  label: 'Signature',
  page: 1,
  x: 50,
  y: 50,
  width: 100,
  height: 40,
};
const setFields = (data: Partial<Extract<SigningTemplateCommand, { type: 'SetTemplateFields' }>['data']>) =>
  ({
    type: 'SetTemplateFields',
    data: { templateId: 't1', roles, fields: [field], ...data },
    metadata: { at, by: staff },
  }) as SigningTemplateCommand;

describe('a signing template', () => {
  it('is created with its name trimmed, then takes roles and fields', () => {
    const created = eventsOf(given().when(create));
    expect(created[0]).toMatchObject({ type: 'SigningTemplateCreated', data: { name: 'Group application' } });
    expect(eventsOf(given(...created).when(setFields({})))[0]).toMatchObject({
      type: 'SigningTemplateFieldsSet',
    });
  });

  it('refuses a field outside its page, on a missing page, for an unknown role, and a role without fields', () => {
    const created = eventsOf(given().when(create));
    expect(
      refusalOf(
        given(...created).when(
          setFields({
            roles: [...roles, { roleId: 'r2', name: 'Broker', routingOrder: 2, quorum: null }],
            fields: [
              { ...field, x: 600 },
              { ...field, fieldId: 'f2', page: 3 },
              { ...field, fieldId: 'f3', roleId: 'nobody' },
            ],
          }),
        ),
      ),
    ).toMatchObject({
      code: 'INVALID',
      message:
        'The template cannot be saved: Place the field inside the page; The template has 1 page; ' +
        'Choose one of the template’s roles; Place at least one field for Broker.',
      fields: {
        'fields.0.x': 'Place the field inside the page',
        'fields.1.page': 'The template has 1 page',
        'fields.2.roleId': 'Choose one of the template’s roles',
        'roles.1.fields': 'Place at least one field for Broker',
      },
    });
  });

  it('refuses fields for a template that does not exist', () => {
    expect(refusalOf(given().when(setFields({})))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
