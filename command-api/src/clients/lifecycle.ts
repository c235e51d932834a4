import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import {
  archiveClient,
  completeSetupStep,
  completeWelcomeFlow,
  createClient,
  deleteClient,
  makeBaseClient,
  setReleaseStatus,
  unarchiveClient,
  updateDraft,
} from './lifecycle.contract.ts';
import { clientLifecycle, type ClientLifecycleDeps } from './context.ts';
import { create } from './create-client.ts';
import { changeDraft } from './update-draft.ts';
import { makeBase } from './make-base-client.ts';
import { archive } from './archive.ts';
import { unarchive } from './unarchive.ts';
import { remove } from './delete-client.ts';
import { releaseStatus } from './release-status.ts';
import { setupStep } from './setup-step.ts';
import { welcomeFlow } from './welcome-flow.ts';

/**
 * The client's lifecycle writes (`client-{clientId}`), decided by the lifecycle decider and appended at
 * the revision read (an If-Match of another version is a 409). Creating a client (or making a draft's
 * base client) also writes its form (the Client and Policy entities, through the EIF decider) and
 * schedules its tasks; both are idempotent, so repeating "Make base client" finishes a creation that a
 * crash interrupted. A client from before lifecycles (its form but no lifecycle) is adopted on its first
 * lifecycle write: a ClientCreated read from its form is appended in the same batch.
 */
export function clientLifecycleRoutes(deps: ClientLifecycleDeps): Router {
  return routerOf(clientLifecycle(deps), [
    handle(createClient, create),
    handle(updateDraft, changeDraft),
    handle(makeBaseClient, makeBase),
    handle(archiveClient, archive),
    handle(unarchiveClient, unarchive),
    handle(deleteClient, remove),
    handle(setReleaseStatus, releaseStatus),
    handle(completeSetupStep, setupStep),
    handle(completeWelcomeFlow, welcomeFlow),
  ]);
}
