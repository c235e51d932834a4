import { Router } from 'express';
import {
  NotFoundError,
  fromDocument,
  toEditingView,
  type EifStateDocument,
  employeeClassesView,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { readUntil } from '../http/catch-up.ts';
import { type QueryDeps, requireClientReader } from '../http/context.ts';
import { getEmployeeClass, listEmployeeClasses } from './routes.contract.ts';

type ClientRow = { state: EifStateDocument; version: string };

/** The client's classes as the editor sees them (pending changes applied), from the client read model. */
async function readEmployeeClasses(deps: QueryDeps, clientId: string) {
  const { rows } = await deps.pool.query<ClientRow>(
    'select state, version from rm_clients where client_id = $1',
    [clientId],
  );
  const row = rows[0];
  const view = row ? toEditingView(fromDocument(row.state), BigInt(row.version)) : null;
  if (!view) throw new NotFoundError('Client not found');
  return employeeClassesView(view);
}

/** Platform §7 employee classes: GET list and GET one. */
export function employeeClassQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  mount(router, listEmployeeClasses, async (req, res, input) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    // Read-your-writes, as the client view: wait briefly for the version the reader last saw.
    const { minVersion } = input.query();
    const classes = await readUntil(
      () => readEmployeeClasses(deps, clientId),
      (view) => minVersion === undefined || view.version >= minVersion,
    );
    res.setHeader('ETag', `"${classes.version}"`);
    res.json(classes);
  });

  mount(router, getEmployeeClass, async (req, res) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    const { employeeClasses, ...rest } = await readEmployeeClasses(deps, clientId);
    const employeeClass = employeeClasses.find((c) => c.id === req.params.employeeClassId);
    if (!employeeClass) throw new NotFoundError('Employee class not found');
    res.setHeader('ETag', `"${rest.version}"`);
    res.json({ ...rest, employeeClass });
  });

  return router;
}
