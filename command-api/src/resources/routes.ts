import { Router, type Request } from 'express';
import { resourceStream } from '@onboard/events';
import {
  type Actor,
  type DocumentStore,
  resourcesDecider,
  type ResourceInput,
  type ResourceIntent,
  type ResourceState,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireClientExists, callerOnClient, type CommandDeps } from '../http/context.ts';
import { parseIfMatch } from '../http/validate.ts';
import { decideIntent, unversioned } from '../http/decide.ts';
import { addResource, editResource, removeResource, type ResourceBody } from './routes.contract.ts';
import type { z } from 'zod';

export type ResourceCommandDeps = CommandDeps & {
  /** Where a document resource's file was uploaded (POST /api/documents); read to name the file. */
  documents: Pick<DocumentStore, 'get'>;
};

/**
 * A client's enrollment and onboarding resources: one stream (`resources-{clientId}`) decided by the
 * resources decider and appended at the revision read, so two writes at once never overwrite each other;
 * an edit or removal made against an older version of its resource (If-Match) is a 409.
 */
export function resourceCommandRoutes(deps: ResourceCommandDeps): Router {
  const router = Router();

  /** Staff of a client that exists: the one check every write of this router makes first. */
  const requireStaffFor = async (req: Request) => {
    const caller = await callerOnClient(deps.authenticate, req, 'Only internal staff manage resources');
    await requireClientExists(deps.store, caller.clientId);
    return caller;
  };

  /**
   * Decides one intent for the actor and appends its events; answers the resource after them. Each
   * resource carries its own version (If-Match names it, and the decider checks it), so the stream's
   * revision guards only against a write in between.
   */
  const execute = async (
    req: Request,
    actor: Actor,
    clientId: string,
    intent: ResourceIntent,
  ): Promise<ResourceState | undefined> => {
    const { after } = await decideIntent(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: resourceStream(clientId),
      decider: resourcesDecider,
      intent,
      conflictMessage: RESOURCE_RACE_MESSAGE,
    });
    return after.resources.get(intent.data.resourceId);
  };

  /** The body as the decider reads it; a document's file is looked up in the store (null: not there). */
  const inputOf = async (body: z.output<typeof ResourceBody>): Promise<ResourceInput> => {
    const { title, description, benefitType, audiences } = body;
    const fields = { title, description, benefitType, audiences };
    if (body.kind === 'link') return { ...fields, content: { kind: 'link', url: body.url ?? '' } };
    const documentId = (body.documentId ?? '').trim();
    const file = documentId === '' ? null : await deps.documents.get(documentId);
    return {
      ...fields,
      content: {
        kind: 'document',
        documentId,
        file: file && { fileName: file.name, mimeType: file.mimeType, size: file.bytes.byteLength },
      },
    };
  };

  const versionOf = (req: Request) => {
    const ifMatch = parseIfMatch(req.header('if-match'));
    return ifMatch === null ? null : Number(ifMatch);
  };

  mount(router, addResource, async (req, res, input) => {
    const { actor, clientId } = await requireStaffFor(req);
    const resource = await inputOf(input.body());
    const resourceId = deps.newId();
    const added = await execute(req, actor, clientId, {
      type: 'AddResource',
      data: { clientId, resourceId, resource },
    });
    res.status(201).json(added);
  });

  mount(router, editResource, async (req, res, input) => {
    const { actor, clientId } = await requireStaffFor(req);
    const resource = await inputOf(input.body());
    const resourceId = String(req.params.resourceId);
    const edited = await execute(req, actor, clientId, {
      type: 'EditResource',
      data: { clientId, resourceId, expectedVersion: versionOf(req), resource },
    });
    res.json(edited);
  });

  mount(router, removeResource, async (req, res) => {
    const { actor, clientId } = await requireStaffFor(req);
    const resourceId = String(req.params.resourceId);
    await execute(req, actor, clientId, {
      type: 'RemoveResource',
      data: { clientId, resourceId, expectedVersion: versionOf(req) },
    });
    res.status(204).end();
  });

  return router;
}

const RESOURCE_RACE_MESSAGE =
  'The resources were changed by someone else at the same moment. Reload and try again.';
