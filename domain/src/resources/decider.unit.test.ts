import { describe, expect, it } from 'vitest';
import type { ResourceEvent } from '@onboard/events';
import { commandBuilder, eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { NO_SUCH_RESOURCE, resourcesDecider, type ResourceCommand, type ResourceInput } from './decider.ts';
import {
  RESOURCE_AUDIENCE_MESSAGE,
  RESOURCE_DOCUMENT_MESSAGE,
  RESOURCE_REQUIRED_MESSAGE,
  RESOURCE_URL_MESSAGE,
  isResourceUrl,
} from './catalogue.ts';
import { staff, at } from '../testing/actors.ts';

const clientId = 'acme';
const later = '2026-11-25T09:30:00.000Z';
const given = givenWhenThen(resourcesDecider);
const cmd = commandBuilder<ResourceCommand>({ at, by: staff });

const link: ResourceInput = {
  title: '  Dental plan summary ',
  description: 'What the dental plan covers, in two pages',
  benefitType: 'DENTAL',
  audiences: ['BROKERS', 'EMPLOYEES', 'EMPLOYEES'],
  content: { kind: 'link', url: ' https://carrier.example/dental ' },
};
const pdf = { fileName: 'Enrollment guide.pdf', mimeType: 'application/pdf', size: 1234 };
const document: ResourceInput = {
  title: 'Enrollment guide',
  description: 'How employees enroll',
  benefitType: 'GENERAL',
  audiences: ['BENEFITS_ADMINISTRATORS'],
  content: { kind: 'document', documentId: 'doc-1', file: pdf },
};
const add = (resourceId = 'r-1', resource = link) => cmd('AddResource', { clientId, resourceId, resource });
const added = (): ResourceEvent[] => eventsOf(given().when(add()));

describe('the resources of a client', () => {
  it('adds a link, trimmed, with its audiences once each in the catalogue’s order', () => {
    expect(added()).toEqual([
      {
        type: 'ResourceAdded',
        data: {
          clientId,
          resourceId: 'r-1',
          title: 'Dental plan summary',
          description: 'What the dental plan covers, in two pages',
          benefitType: 'DENTAL',
          audiences: ['EMPLOYEES', 'BROKERS'],
          content: { kind: 'link', url: 'https://carrier.example/dental' },
          at,
          by: staff,
        },
      },
    ]);
  });

  it('adds a document with the file as the store keeps it', () => {
    const [event] = eventsOf(given().when(add('r-2', document)));
    expect(event).toMatchObject({
      type: 'ResourceAdded',
      data: { content: { kind: 'document', documentId: 'doc-1', ...pdf }, benefitType: 'GENERAL' },
    });
  });

  it('refuses an empty title and description, no audience and no benefit type, each on its field', () => {
    const refusal = refusalOf(
      given().when(add('r-1', { ...link, title: '  ', description: '', benefitType: '', audiences: [] })),
    );
    expect(refusal).toMatchObject({
      code: 'INVALID',
      fields: {
        title: RESOURCE_REQUIRED_MESSAGE,
        description: RESOURCE_REQUIRED_MESSAGE,
        benefitType: RESOURCE_REQUIRED_MESSAGE,
        audiences: RESOURCE_AUDIENCE_MESSAGE,
      },
    });
    expect(RESOURCE_REQUIRED_MESSAGE).toBe('Please provide a response');
  });

  it('refuses a link that is not an https web address, on the url field', () => {
    for (const url of [
      'http://carrier.example/dental',
      'javascript:alert(1)',
      'carrier.example',
      'https://',
    ]) {
      const refusal = refusalOf(given().when(add('r-1', { ...link, content: { kind: 'link', url } })));
      expect(refusal).toMatchObject({ code: 'INVALID', fields: { url: RESOURCE_URL_MESSAGE } });
    }
    expect(
      refusalOf(given().when(add('r-1', { ...link, content: { kind: 'link', url: '' } }))),
    ).toMatchObject({
      fields: { url: RESOURCE_REQUIRED_MESSAGE },
    });
    expect(isResourceUrl('https://user:secret@carrier.example/')).toBe(false);
    expect(isResourceUrl('https://carrier.example/enroll?plan=dental#faq')).toBe(true);
  });

  it('refuses a document whose file is not in the store, on the documentId field', () => {
    const missing: ResourceInput = {
      ...document,
      content: { kind: 'document', documentId: 'nope', file: null },
    };
    expect(refusalOf(given().when(add('r-2', missing)))).toMatchObject({
      code: 'INVALID',
      fields: { documentId: RESOURCE_DOCUMENT_MESSAGE },
    });
  });

  it('edits a resource at the version the user saw, and keeps when it was added', () => {
    const history = added();
    const changed = eventsOf(
      given(...history).when(
        cmd(
          'EditResource',
          {
            clientId,
            resourceId: 'r-1',
            expectedVersion: 1,
            resource: { ...link, title: 'Dental at a glance' },
          },
          { at: later },
        ),
      ),
    );
    expect(changed).toEqual([
      expect.objectContaining({
        type: 'ResourceChanged',
        data: expect.objectContaining({ title: 'Dental at a glance' }),
      }),
    ]);
    const state = given(...history, ...changed).state.resources.get('r-1');
    expect(state).toMatchObject({ version: 2, addedAt: at, updatedAt: later, title: 'Dental at a glance' });
  });

  it('an edit that changes nothing appends nothing', () => {
    const same = given(...added()).when(
      cmd('EditResource', { clientId, resourceId: 'r-1', expectedVersion: null, resource: link }),
    );
    expect(eventsOf(same)).toEqual([]);
  });

  it('refuses an edit made against an older version (someone else changed it first)', () => {
    const history = added();
    const first = eventsOf(
      given(...history).when(
        cmd('EditResource', {
          clientId,
          resourceId: 'r-1',
          expectedVersion: 1,
          resource: { ...link, title: 'A' },
        }),
      ),
    );
    const stale = refusalOf(
      given(...history, ...first).when(
        cmd('EditResource', {
          clientId,
          resourceId: 'r-1',
          expectedVersion: 1,
          resource: { ...link, title: 'B' },
        }),
      ),
    );
    expect(stale).toMatchObject({ code: 'CONFLICT', currentVersion: 2 });
    const staleRemoval = refusalOf(
      given(...history, ...first).when(
        cmd('RemoveResource', { clientId, resourceId: 'r-1', expectedVersion: 1 }),
      ),
    );
    expect(staleRemoval.code).toBe('CONFLICT');
  });

  it('removes a resource; an unknown or removed one is not found', () => {
    const history = added();
    const removed = eventsOf(
      given(...history).when(cmd('RemoveResource', { clientId, resourceId: 'r-1', expectedVersion: 1 })),
    );
    expect(removed).toEqual([
      { type: 'ResourceRemoved', data: { clientId, resourceId: 'r-1', at, by: staff } },
    ]);
    expect(given(...history, ...removed).state.resources.size).toBe(0);
    const unknown = { clientId, resourceId: 'r-9', expectedVersion: null };
    expect(refusalOf(given(...history).when(cmd('RemoveResource', unknown)))).toEqual({
      code: 'NOT_FOUND',
      message: NO_SUCH_RESOURCE,
    });
    expect(
      refusalOf(
        given(...history, ...removed).when(
          cmd('EditResource', { clientId, resourceId: 'r-1', expectedVersion: null, resource: link }),
        ),
      ).code,
    ).toBe('NOT_FOUND');
  });

  it('refuses adding a resource id that exists', () => {
    expect(refusalOf(given(...added()).when(add())).code).toBe('CONFLICT');
  });
});
