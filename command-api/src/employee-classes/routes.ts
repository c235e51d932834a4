import { Router, type Request } from 'express';
import type { RouteContract } from '@onboard/api-contract';
import { mount, type AnswerBody, type RouteInput } from '@onboard/api-contract/express';
import type { z } from 'zod';
import {
  NotFoundError,
  ValidationError,
  toEditingView,
  type Intent,
  classDecider,
  employeeClassesView,
  rebaseClassIntent,
  touchedClassId,
  type ClassCommand,
  type ClassDecisionError,
} from '@onboard/domain';
import { executeEifDecider } from '../clients/execute.ts';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { parseIfMatch, parseSeenVersion } from '../http/validate.ts';
import type { EmployeeClassChange } from './routes.contract.ts';
import {
  createEmployeeClass,
  deleteEmployeeClass,
  duplicateEmployeeClass,
  setBenefitTypePlans,
  setContributions,
  setWaitingPeriods,
  updateEmployeeClass,
} from './routes.contract.ts';

/** Invalid answers are a 400 keyed by their body fields; every other refusal is the EIF's. */
const fieldRefusal = (error: ClassDecisionError) => {
  if (error.code !== 'INVALID') return null;
  const fields = Object.entries(error.fieldErrors).map(([key, message]) => [`body.${key}`, message]);
  return new ValidationError(Object.fromEntries(fields), error.message);
};

/**
 * The class builder's writes (platform §7), all under /api/clients/{clientId}/employee-classes. Each
 * request is one class command, decided by the class rules against the stream as loaded (editing view:
 * pending changes applied), then every entity edit it makes goes through the EIF decider and is appended
 * as one write. So classes are pending after signing like every EIF answer, and a rejected request
 * writes nothing. With Seen-Version (the version the editor saw) a write is refused only when what it
 * changes was changed since, like every EIF edit (clients/execute.ts): edits of different classes, or of
 * different attributes of one class, never collide. The answer is the client's classes as the editor now sees them (what the GET list
 * answers) plus the id of the class the call touched, with the version as ETag.
 */
export function employeeClassCommandRoutes(deps: CommandDeps): Router {
  const router = Router();
  // The body is parsed with the route's contract when the command is made, after the access check.
  const run = <C extends RouteContract>(
    contract: C,
    toCommand: (req: Request, input: RouteInput<C>, newId: () => string) => Intent<ClassCommand>,
    status = 200,
  ) =>
    mount(router, contract, async (req, res, input) => {
      const actor = await requireActor(deps.authenticate, req);
      const clientId = String(req.params.clientId);
      // Classes are part of the client's form: who may update the client may build its classes (§6).
      requireClientAccess(actor, clientId, 'update');
      const ifMatch = parseIfMatch(req.header('if-match'));
      const seen = parseSeenVersion(req.header('seen-version'));
      const command = toCommand(req, input, deps.newId);
      const { state, revision } = await executeEifDecider(deps, actor, clientId, classDecider, command, {
        ifMatch,
        correlationId: req.header('x-correlation-id') ?? deps.newId(),
        refusal: fieldRefusal,
        seen,
        rebase: rebaseClassIntent,
      });
      const view = toEditingView(state, revision);
      if (!view) throw new NotFoundError('Client not found');
      res.setHeader('ETag', `"${view.version}"`);
      if (status === 201)
        res.setHeader(
          'Location',
          `/api/clients/${encodeURIComponent(clientId)}/employee-classes/${touchedClassId(command)}`,
        );
      const answer: z.input<typeof EmployeeClassChange> = {
        ...employeeClassesView(view),
        employeeClassId: touchedClassId(command),
      };
      res.status(status).json(answer as AnswerBody<C>);
    });

  const classId = (req: Request) => String(req.params.employeeClassId);
  const details = (input: RouteInput<typeof createEmployeeClass | typeof updateEmployeeClass>) => {
    const { plans, ...rest } = input.body();
    return { details: rest, ...(plans ? { plans } : {}) };
  };

  run(
    createEmployeeClass,
    (_req, input, newId) => ({
      type: 'CreateClass',
      data: { employeeClassId: newId(), ...details(input), newId },
    }),
    201,
  );
  run(updateEmployeeClass, (req, input, newId) => ({
    type: 'UpdateClass',
    data: { employeeClassId: classId(req), ...details(input), newId },
  }));
  run(deleteEmployeeClass, (req, _input, newId) => ({
    type: 'DeleteClass',
    data: { employeeClassId: classId(req), newId },
  }));
  run(
    duplicateEmployeeClass,
    (req, _input, newId) => ({
      type: 'DuplicateClass',
      data: { employeeClassId: classId(req), newEmployeeClassId: newId(), newId },
    }),
    201,
  );
  run(setBenefitTypePlans, (req, input, newId) => ({
    type: 'SetBenefitTypePlans',
    data: { employeeClassId: classId(req), ...input.body(), newId },
  }));
  run(setWaitingPeriods, (req, input, newId) => ({
    type: 'SetWaitingPeriods',
    data: { employeeClassId: classId(req), ...input.body(), newId },
  }));
  run(setContributions, (req, input, newId) => ({
    type: 'SetContributions',
    data: { employeeClassId: classId(req), ...input.body(), newId },
  }));

  return router;
}
