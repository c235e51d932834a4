import { normaliseEmail } from '@onboard/events';
import { ValidationError } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { findActiveUserByEmail } from '../auth/index.ts';
import { requirePermission } from '../http/context.ts';
import type { bulkUpdateEmails } from './routes.contract.ts';
import { allow, changeProfile, loadActiveUser, viewOf, type UserAdmin } from './context.ts';

/** Many users' e-mail addresses changed at once, each sent a new activation e-mail; all or none. */
export const bulkEmails =
  ({ deps, accounts, callerOn }: UserAdmin): RouteHandler<typeof bulkUpdateEmails> =>
  async (req, res, input) => {
    const { actor } = await callerOn(req);
    requirePermission(actor, 'bulk-email-update', 'update');
    const { users } = input.body();
    const seen = new Map<string, number>();
    users.forEach((entry, index) => {
      const email = normaliseEmail(entry.email);
      if (seen.has(email))
        throw new ValidationError({ [`body.users.${index}.email`]: 'This e-mail is already in the list' });
      seen.set(email, index);
    });
    // Everything is checked before anything is written, so a refused entry leaves every user unchanged.
    const loaded = await Promise.all(
      users.map(async (entry, index) => {
        const { user } = await loadActiveUser(deps, entry.userId);
        allow(actor, 'update', { userId: user.userId, role: user.role, fields: ['email'] });
        const holder = await findActiveUserByEmail(deps.store, entry.email);
        if (holder && holder.user.userId !== user.userId) {
          throw new ValidationError({
            [`body.users.${index}.email`]: 'A user with this e-mail already exists.',
          });
        }
        return { user, entry };
      }),
    );
    const updated = [];
    for (const { user, entry } of loaded) {
      const result = await changeProfile(deps, actor, user, { email: entry.email }, null);
      await accounts.sendActivationEmail(user.userId, actor);
      updated.push(viewOf(result));
    }
    res.json({ users: updated });
  };
