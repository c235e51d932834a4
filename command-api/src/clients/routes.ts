import type { Router } from 'express';
import { eifEntityRoutes } from '../eif-entities/routes.ts';
import { defaultEntityForms } from '../eif-entities/default-forms.ts';
import type { EntityForms } from '../eif-entities/forms.ts';
import type { CommandDeps } from '../http/context.ts';

export { executeEifCommand, executeEifCommands, type EifCommandContext } from './execute.ts';

/**
 * The client's writes: PUT /api/clients/{clientId} (every Client field of the EIF forms) and the EIF
 * entity calls under it, all served by the one entity mechanism (command-api/src/eif-entities).
 */
export function clientCommandRoutes(deps: CommandDeps, forms: EntityForms = defaultEntityForms): Router {
  return eifEntityRoutes(deps, forms);
}
