import { Router, type Request } from 'express';
import type { RouteContract } from '@onboard/api-contract';
import { mount, type RouteInput } from '@onboard/api-contract/express';
import { NotFoundError, RuleError, ValidationError, toEditingView } from '@onboard/domain';
import {
  classEditIntent,
  decideClassCommand,
  employeeClassesView,
  type ClassCommand,
} from '@onboard/domain/eif/classes';
import { executeEifCommands } from '../clients/execute.ts';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { parseIfMatch } from '../http/validate.ts';
import {
  createEmployeeClass,
  deleteEmployeeClass,
  duplicateEmployeeClass,
  setBenefitTypePlans,
  setContributions,
  setWaitingPeriods,
  updateEmployeeClass,
} from './routes.contract.ts';

/**
 * The class builder's writes (platform §7), all under /api/clients/{clientId}/employee-classes. Each
 * request is one class command, decided by the class rules against the stream as loaded (editing view:
 * pending changes applied), then every entity edit it makes goes through the EIF decider and is appended
 * as one write. So classes are pending after signing like every EIF answer, and a rejected request
 * writes nothing. The answer is the client's classes as the editor now sees them (what the GET list
 * answers) plus the id of the class the call touched, with the version as ETag.
 */
export function employeeClassCommandRoutes(deps: CommandDeps): Router {
  const router = Router();
  // The body is parsed with the route's contract when the command is made, after the access check.
  const run = <C extends RouteContract>(
    contract: C,
    toCommand: (req: Request, input: RouteInput<C>, newClassId: () => string) => ClassCommand,
    status = 200,
  ) =>
    mount(router, contract, async (req, res, input) => {
      const actor = await requireActor(deps.authenticate, req);
      const clientId = String(req.params.clientId);
      // Classes are part of the client's form: who may update the client may build its classes (§6).
      requireClientAccess(actor, clientId, 'update');
      const ifMatch = parseIfMatch(req.header('if-match'));
      const command = toCommand(req, input, deps.newId);
      let employeeClassId = command.employeeClassId;
      const { state, revision } = await executeEifCommands(
        deps,
        actor,
        clientId,
        ({ state: loaded, revision: loadedRevision, newChangeId }) => {
          const view = toEditingView(loaded, loadedRevision);
          if (!view) throw new NotFoundError('Client not found');
          const decision = decideClassCommand(command, view, deps.newId);
          if (!decision.ok) {
            const { error } = decision;
            if (error.code === 'NOT_FOUND') throw new NotFoundError(error.message);
            if (error.code === 'INVALID') {
              const fields = Object.entries(error.fieldErrors).map(([key, message]) => [
                `body.${key}`,
                message,
              ]);
              throw new ValidationError(Object.fromEntries(fields), error.message);
            }
            throw new RuleError(error.code, error.message);
          }
          employeeClassId = decision.employeeClassId;
          return decision.edits.map((edit) => classEditIntent(edit, clientId, newChangeId()));
        },
        ifMatch,
        req.header('x-correlation-id') ?? deps.newId(),
      );
      const view = toEditingView(state, revision);
      if (!view) throw new NotFoundError('Client not found');
      res.setHeader('ETag', `"${view.version}"`);
      if (status === 201)
        res.setHeader(
          'Location',
          `/api/clients/${encodeURIComponent(clientId)}/employee-classes/${employeeClassId}`,
        );
      res.status(status).json({ ...employeeClassesView(view), employeeClassId });
    });

  const classId = (req: Request) => String(req.params.employeeClassId);
  const details = (input: RouteInput<typeof createEmployeeClass | typeof updateEmployeeClass>) => {
    const { plans, ...rest } = input.body();
    return { details: rest, ...(plans ? { plans } : {}) };
  };

  run(
    createEmployeeClass,
    (_req, input, newClassId) => ({ type: 'CreateClass', employeeClassId: newClassId(), ...details(input) }),
    201,
  );
  run(updateEmployeeClass, (req, input) => ({
    type: 'UpdateClass',
    employeeClassId: classId(req),
    ...details(input),
  }));
  run(deleteEmployeeClass, (req) => ({ type: 'DeleteClass', employeeClassId: classId(req) }));
  run(
    duplicateEmployeeClass,
    (req, _input, newClassId) => ({
      type: 'DuplicateClass',
      employeeClassId: classId(req),
      newEmployeeClassId: newClassId(),
    }),
    201,
  );
  run(setBenefitTypePlans, (req, input) => ({
    type: 'SetBenefitTypePlans',
    employeeClassId: classId(req),
    ...input.body(),
  }));
  run(setWaitingPeriods, (req, input) => ({
    type: 'SetWaitingPeriods',
    employeeClassId: classId(req),
    ...input.body(),
  }));
  run(setContributions, (req, input) => ({
    type: 'SetContributions',
    employeeClassId: classId(req),
    ...input.body(),
  }));

  return router;
}
