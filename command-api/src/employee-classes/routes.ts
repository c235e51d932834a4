import { Router, type Request, type Response } from 'express';
import { NotFoundError, RuleError, ValidationError, toEditingView, type EifCommand } from '@onboard/domain';
import { decideClassCommand, employeeClassesView, type ClassCommand } from '@onboard/domain/eif/classes';
import { executeEifCommands } from '../clients/execute.ts';
import { handle, requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { parseBody, parseIfMatch } from '../http/validate.ts';
import {
  ContributionsBody,
  EmployeeClassBody,
  SetBenefitTypePlansBody,
  WaitingPeriodsBody,
} from './schemas.ts';

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
  const base = '/api/clients/:clientId/employee-classes';

  const run = (toCommand: (req: Request, newClassId: () => string) => ClassCommand, status = 200) =>
    handle(async (req: Request, res: Response) => {
      const actor = await requireActor(deps.authenticate, req);
      const clientId = String(req.params.clientId);
      // Classes are part of the client's form: who may update the client may build its classes (§6).
      requireClientAccess(actor, clientId, 'update');
      const ifMatch = parseIfMatch(req.header('if-match'));
      const command = toCommand(req, deps.newId);
      let employeeClassId = command.employeeClassId;
      const { state, revision } = await executeEifCommands(
        deps,
        actor,
        clientId,
        ({ at, by, state: loaded, revision: loadedRevision, newChangeId }) => {
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
          return decision.edits.map(
            (edit) => ({ ...edit, clientId, at, by, changeId: newChangeId() }) as EifCommand,
          );
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
  const details = (req: Request) => {
    const { plans, ...rest } = parseBody(EmployeeClassBody, req.body);
    return { details: rest, ...(plans ? { plans } : {}) };
  };

  router.post(
    base,
    run((req, newClassId) => ({ type: 'CreateClass', employeeClassId: newClassId(), ...details(req) }), 201),
  );
  router.put(
    `${base}/:employeeClassId`,
    run((req) => ({ type: 'UpdateClass', employeeClassId: classId(req), ...details(req) })),
  );
  router.delete(
    `${base}/:employeeClassId`,
    run((req) => ({ type: 'DeleteClass', employeeClassId: classId(req) })),
  );
  router.post(
    `${base}/:employeeClassId/duplicate`,
    run(
      (req, newClassId) => ({
        type: 'DuplicateClass',
        employeeClassId: classId(req),
        newEmployeeClassId: newClassId(),
      }),
      201,
    ),
  );
  router.post(
    `${base}/:employeeClassId/plans/set-benefit-type-plans`,
    run((req) => ({
      type: 'SetBenefitTypePlans',
      employeeClassId: classId(req),
      ...parseBody(SetBenefitTypePlansBody, req.body),
    })),
  );
  router.post(
    `${base}/:employeeClassId/plans/waiting-periods`,
    run((req) => ({
      type: 'SetWaitingPeriods',
      employeeClassId: classId(req),
      ...parseBody(WaitingPeriodsBody, req.body),
    })),
  );
  router.post(
    `${base}/:employeeClassId/plans/contributions`,
    run((req) => ({
      type: 'SetContributions',
      employeeClassId: classId(req),
      ...parseBody(ContributionsBody, req.body),
    })),
  );

  return router;
}
