import { normaliseEmail } from '@onboard/events';
import { USER_KINDS, type UserKind } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { registerUser } from '../auth/index.ts';
import { requirePermission } from '../http/context.ts';
import type { USER_KIND_COMMANDS } from './routes.contract.ts';
import { allow, gateAdministration, viewOf, type UserAdmin } from './context.ts';

/** A user of the path's kind created; with `sendWelcomeEmail`, their activation e-mail sent. */
export const createUser =
  (
    { deps, accounts, callerOn }: UserAdmin,
    kind: UserKind,
  ): RouteHandler<(typeof USER_KIND_COMMANDS)[UserKind]['create']> =>
  async (req, res, input) => {
    const { actor } = await callerOn(req);
    gateAdministration(actor, 'create');
    const sent = input.body();
    // Internal users are created without clients; a client kind has one role, fixed by the path.
    const body =
      'role' in sent ? { ...sent, clientIds: [] as string[] } : { ...sent, role: USER_KINDS[kind][0] };
    const userId = deps.newId();
    // Only an owner creates owners (and admins): the table's 'Owners and admins' row.
    allow(actor, 'create', { userId, role: body.role });
    if (body.clientIds.length > 0) requirePermission(actor, 'client-assignment', 'update');
    const email = normaliseEmail(body.email);
    const created = await registerUser(deps, actor, {
      userId,
      role: body.role,
      firstName: body.firstName,
      lastName: body.lastName,
      email,
      phoneNumber: body.phoneNumber ?? null,
      clientIds: [...new Set(body.clientIds)],
    });
    if (body.sendWelcomeEmail) await accounts.sendActivationEmail(userId, actor);
    res.status(201).setHeader('ETag', `"${created.revision}"`).json(viewOf(created));
  };
