import { Router, type Request } from 'express';
import { clientViewAnswer } from '@onboard/api-contract/views';
import { NotFoundError, toEditingView, type Actor } from '@onboard/domain';
import { executeEifCommands } from '../clients/execute.ts';
import type { RouteContract } from '@onboard/api-contract';
import { mount, parseInput, type AnswerBody, type RouteInput } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { parseIfMatch, parseSeenVersion } from '../http/validate.ts';
import { decideEntityEdits, type EntityEdit } from './edits.ts';
import type { EntityForms } from './forms.ts';
import {
  Answers,
  ITEM_ROUTES,
  deleteBills,
  saveBills,
  updateClient,
  updatePlans,
  updatePolicy,
} from './routes.contract.ts';

/**
 * The EIF entity calls of platform §7 as one table: each row is a path under /api/clients/{clientId}
 * and the edits a request makes. One handler serves them all: permission, the version, the edits
 * decided against the stream as loaded, one append, and the editing view (what the editor sees, pending
 * changes applied) with its ETag as the answer.
 */

type Edits<C extends RouteContract> = (
  req: Request,
  input: RouteInput<C>,
  clientId: string,
  newId: () => string,
) => EntityEdit[];

const isObject = (body: unknown): body is object => typeof body === 'object' && body !== null;
/**
 * A form's answers as sent: the forms' own field rules check them (decideEntityEdits), so a bad answer
 * gets its field's message; the contract's body, generated from the same fields, documents them.
 */
const values = (req: Request) => parseInput(Answers, req.body, 'body');
const withoutId = ({ id: _id, ...rest }: Record<string, unknown>) => rest;

export function eifEntityRoutes(deps: CommandDeps, forms: EntityForms): Router {
  const router = Router();

  /** The one handler. `status` 201 for creations; `location` names the new item for the Location header. */
  const mutate = <C extends RouteContract>(
    contract: C,
    edits: Edits<C>,
    options: {
      status?: number;
      location?: (req: Request, ids: string[]) => string;
      /** The Client attributes sent, for the field-level deny list (platform §6). */
      clientFieldsSent?: (req: Request) => string[];
    } = {},
  ) =>
    mount(router, contract, async (req, res, input) => {
      const actor: Actor = await requireActor(deps.authenticate, req);
      const clientId = String(req.params.clientId);
      // Who may update a client may edit its entities (platform §6: the client row). Denied Client fields
      // are refused before validation: a 403 for a field the role may not touch, not a 400 that would
      // tell a ben-admin the field exists (domain/src/auth/permissions.ts).
      requireClientAccess(actor, clientId, 'update', options.clientFieldsSent?.(req));
      const ifMatch = parseIfMatch(req.header('if-match'));
      const seen = parseSeenVersion(req.header('seen-version'));
      const created: string[] = [];
      const newId = () => {
        const id = deps.newId();
        created.push(id);
        return id;
      };
      const requested = edits(req, input, clientId, newId);
      const { state, revision } = await executeEifCommands(
        deps,
        actor,
        clientId,
        ({ state: loaded, revision: loadedRevision, newChangeId }) => {
          const view = toEditingView(loaded, loadedRevision);
          if (!view) throw new NotFoundError('Client not found');
          return decideEntityEdits(view, forms, requested, { clientId, newChangeId });
        },
        ifMatch,
        req.header('x-correlation-id') ?? deps.newId(),
        seen,
      );
      const view = toEditingView(state, revision);
      if (!view) throw new NotFoundError('Client not found');
      res.setHeader('ETag', `"${view.version}"`);
      if (options.location && created.length > 0) res.setHeader('Location', options.location(req, created));
      res.status(options.status ?? 200).json(clientViewAnswer(view) as AnswerBody<C>);
    });

  mutate(
    updateClient,
    (req, _input, clientId) => [
      {
        action: 'update',
        entity: 'Client',
        entityId: clientId,
        values: values(req),
        errorPrefix: 'body.',
      },
    ],
    { clientFieldsSent: (req) => (isObject(req.body) ? Object.keys(req.body) : []) },
  );

  mutate(updatePolicy, (req) => [
    {
      action: 'update',
      entity: 'Policy',
      entityId: String(req.params.policyId),
      values: values(req),
      errorPrefix: 'body.',
    },
  ]);

  mutate(updatePlans, (_req, input) =>
    input.body().plans.map((plan, i) => ({
      action: 'update',
      entity: 'Plan',
      entityId: plan.id,
      values: withoutId(plan),
      errorPrefix: `body.plans.${i}.`,
    })),
  );

  for (const { entity, path, create, update, remove, param } of ITEM_ROUTES) {
    mutate(
      create,
      (req, _input, _clientId, newId) => [
        { action: 'create', entity, entityId: newId(), values: values(req), errorPrefix: 'body.' },
      ],
      {
        status: 201,
        location: (req, ids) => `/api/clients/${String(req.params.clientId)}/${path}/${ids[0]}`,
      },
    );
    mutate(update, (req) => [
      {
        action: 'update',
        entity,
        entityId: String(req.params[param]),
        values: values(req),
        errorPrefix: 'body.',
      },
    ]);
    mutate(remove, (req) => [{ action: 'delete', entity, entityId: String(req.params[param]) }]);
  }

  // Bills are saved as the whole billing list: new ones (no id) created, the others updated, in one append.
  mutate(saveBills, (_req, input, _clientId, newId) =>
    input.body().bills.map((bill, i): EntityEdit => {
      const errorPrefix = `body.bills.${i}.`;
      return bill.id === undefined
        ? { action: 'create', entity: 'Bill', entityId: newId(), values: withoutId(bill), errorPrefix }
        : { action: 'update', entity: 'Bill', entityId: bill.id, values: withoutId(bill), errorPrefix };
    }),
  );
  mutate(deleteBills, (_req, input) =>
    [...new Set(input.body().ids)].map((id) => ({
      action: 'delete',
      entity: 'Bill',
      entityId: id,
    })),
  );

  return router;
}
