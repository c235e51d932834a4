import type { ResourceContent, ResourceEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';
import {
  RESOURCE_DOCUMENT_MESSAGE,
  orderedAudiences,
  resourceDraftProblems,
  type ResourceAudience,
  type ResourceBenefitType,
  type ResourceField,
} from './catalogue.ts';

/** One resource as its events leave it; `version` counts its events (1 once added). */
export type ResourceState = {
  resourceId: string;
  title: string;
  description: string;
  benefitType: ResourceBenefitType;
  audiences: ResourceAudience[];
  content: ResourceContent;
  version: number;
  addedAt: string;
  updatedAt: string;
};

/** Every resource of one client, folded from `resources-{clientId}`; removed ones are gone. */
export type ResourcesState = { resources: ReadonlyMap<string, ResourceState> };

/**
 * What staff send: the fields, with a document as the store found it (`file` null: no such file in the
 * store, which the decider refuses on the documentId field).
 */
export type ResourceInput = {
  title: string;
  description: string;
  benefitType: string;
  audiences: readonly string[];
  content:
    | { kind: 'link'; url: string }
    | {
        kind: 'document';
        documentId: string;
        file: { fileName: string; mimeType: string; size: number } | null;
      };
};

type Ref = { clientId: string; resourceId: string };
/** The version the user edited (If-Match); null: the version read now. */
type Expected = { expectedVersion: number | null };

export type ResourceCommand =
  | Command<'AddResource', Ref & { resource: ResourceInput }>
  | Command<'EditResource', Ref & Expected & { resource: ResourceInput }>
  | Command<'RemoveResource', Ref & Expected>;
export type ResourceIntent = Intent<ResourceCommand>;

export type ResourceError =
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'CONFLICT'; message: string; currentVersion: number }
  | { code: 'INVALID'; message: string; fields: Partial<Record<ResourceField, string>> };

type ResourceDecision = Decision<ResourceEvent, ResourceError>;

export const NO_SUCH_RESOURCE = 'No such resource for this client';
export const RESOURCE_CONFLICT_MESSAGE =
  'This resource was changed by someone else. Reload to see the latest version.';
export const RESOURCE_INVALID_MESSAGE = 'Please correct the highlighted fields';

export const initialResourcesState = (): ResourcesState => ({ resources: new Map() });

type Fields = Pick<ResourceState, 'title' | 'description' | 'benefitType' | 'audiences' | 'content'>;

/** The input checked and normalised (trimmed, audiences once each in order), or its refusal. */
function fieldsOf(input: ResourceInput): { ok: true; fields: Fields } | { ok: false; error: ResourceError } {
  const { content } = input;
  const problems = resourceDraftProblems({
    ...input,
    content: content.kind === 'link' ? content : { kind: 'document', documentId: content.documentId },
  });
  if (content.kind === 'document' && !problems.documentId && content.file === null)
    problems.documentId = RESOURCE_DOCUMENT_MESSAGE;
  if (Object.keys(problems).length > 0)
    return { ok: false, error: { code: 'INVALID', message: RESOURCE_INVALID_MESSAGE, fields: problems } };
  return {
    ok: true,
    fields: {
      title: input.title.trim(),
      description: input.description.trim(),
      benefitType: input.benefitType as ResourceBenefitType,
      audiences: orderedAudiences(input.audiences as ResourceAudience[]),
      content:
        content.kind === 'link'
          ? { kind: 'link', url: content.url.trim() }
          : { kind: 'document', documentId: content.documentId.trim(), ...content.file! },
    },
  };
}

const sameFields = (a: Fields, b: Fields) =>
  a.title === b.title &&
  a.description === b.description &&
  a.benefitType === b.benefitType &&
  a.audiences.join() === b.audiences.join() &&
  JSON.stringify(a.content) === JSON.stringify(b.content);

export function decideResources(command: ResourceCommand, state: ResourcesState): ResourceDecision {
  const { at, by } = command.metadata;
  const { clientId, resourceId } = command.data;
  const current = state.resources.get(resourceId);
  if (command.type === 'AddResource') {
    if (current)
      return refused({
        code: 'CONFLICT',
        message: 'This resource exists already',
        currentVersion: current.version,
      });
    const checked = fieldsOf(command.data.resource);
    if (!checked.ok) return refused(checked.error);
    return accepted({ type: 'ResourceAdded', data: { clientId, resourceId, ...checked.fields, at, by } });
  }
  if (!current) return refused({ code: 'NOT_FOUND', message: NO_SUCH_RESOURCE });
  const { expectedVersion } = command.data;
  if (expectedVersion !== null && expectedVersion !== current.version)
    return refused({ code: 'CONFLICT', message: RESOURCE_CONFLICT_MESSAGE, currentVersion: current.version });
  switch (command.type) {
    case 'EditResource': {
      const checked = fieldsOf(command.data.resource);
      if (!checked.ok) return refused(checked.error);
      if (sameFields(checked.fields, current)) return accepted();
      return accepted({ type: 'ResourceChanged', data: { clientId, resourceId, ...checked.fields, at, by } });
    }
    case 'RemoveResource':
      return accepted({ type: 'ResourceRemoved', data: { clientId, resourceId, at, by } });
    default:
      return unhandled('command', command);
  }
}

export function evolveResources(state: ResourcesState, event: ResourceEvent): ResourcesState {
  const resources = new Map(state.resources);
  const { resourceId, at } = event.data;
  const current = resources.get(resourceId);
  switch (event.type) {
    case 'ResourceAdded':
    case 'ResourceChanged': {
      const { title, description, benefitType, audiences, content } = event.data;
      resources.set(resourceId, {
        resourceId,
        title,
        description,
        benefitType,
        audiences,
        content,
        version: (current?.version ?? 0) + 1,
        addedAt: current?.addedAt ?? at,
        updatedAt: at,
      });
      break;
    }
    case 'ResourceRemoved':
      resources.delete(resourceId);
      break;
    default:
      return unhandled('event', event);
  }
  return { resources };
}

/** A client's resources as one decider (domain/src/decider.ts). */
export const resourcesDecider: Decider<ResourcesState, ResourceCommand, ResourceEvent, ResourceError> = {
  initialState: initialResourcesState,
  decide: decideResources,
  evolve: evolveResources,
};
