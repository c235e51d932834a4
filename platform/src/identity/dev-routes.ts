import { Router } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { ValidationError, type Actor } from '../../../domain/src/index.ts';
import { DEMO_USERS } from '../seed.ts';
import type { createSessions } from './session.ts';

type Sessions = ReturnType<typeof createSessions>;

/**
 * The session calls. With `devIdentity` (embedded default only) a demo user signs in by choosing a
 * name; real sign-in with passwords and MFA replaces this.
 */
export function sessionRoutes(options: { sessions: Sessions; pool: pg.Pool; devIdentity: boolean }): Router {
  const { sessions, pool } = options;
  const router = Router();

  router.get('/api/users/authenticated', async (req, res, next) => {
    try {
      const actor = await sessions.authenticate(req);
      const user = actor ? DEMO_USERS.find((u) => u.id === actor.userId) : undefined;
      if (!actor || !user) {
        res.json(null);
        return;
      }
      const { rows } = await pool.query<{ client_id: string; name: string }>(
        actor.role === 'SLF_ADMIN' || actor.role === 'SLF_OWNER'
          ? 'select client_id, name from rm_clients order by name limit 25'
          : 'select client_id, name from rm_clients where client_id = any($1) order by name',
        actor.role === 'SLF_ADMIN' || actor.role === 'SLF_OWNER' ? [] : [actor.clientIds],
      );
      res.json({
        id: user.id,
        userId: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        clientIds: actor.clientIds,
        clients: rows.map((r) => ({ id: r.client_id, name: r.name })),
        termsOfUseDate: null,
      });
    } catch (error) {
      next(error);
    }
  });

  router.post('/api/users/authenticated/logout', (_req, res) => {
    sessions.clear(res);
    res.status(204).end();
  });

  if (options.devIdentity) {
    router.get('/api/dev/demo-users', (_req, res) => {
      res.json(DEMO_USERS.map(({ id, name, email, role }) => ({ id, name, email, role })));
    });
    router.post('/api/dev/sign-in', async (req, res, next) => {
      try {
        const body = z.object({ userId: z.string() }).safeParse(req.body);
        const user = body.success ? DEMO_USERS.find((u) => u.id === body.data.userId) : undefined;
        if (!user) throw new ValidationError({ 'body.userId': 'Choose one of the demo users' });
        const actor: Actor = { userId: user.id, role: user.role, clientIds: user.clientIds };
        await sessions.issue(res, actor, req.secure);
        res.status(204).end();
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}
