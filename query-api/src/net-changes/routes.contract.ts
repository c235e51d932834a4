import { z } from 'zod';
import { defineRoute, json, minVersion, problem } from '@onboard/api-contract';

const Status = z.enum(['pending', 'accepted', 'declined']);
const Author = z.object({ id: z.string(), role: z.string(), at: z.string() });

/**
 * One entity's net change since signing (onboarding §4 net-change rules): what its post-sign change
 * records amount to, with the ids of its changes still pending (what accepting or declining it decides).
 */
export const NetChange = z
  .object({
    entity: z.string(),
    entityId: z.string(),
    action: z.enum(['create', 'update', 'delete']),
    status: Status,
    /** Each attribute's net change (an answer); none for a deletion. */
    details: z.array(
      z.object({
        attributeKey: z.string(),
        value: z.unknown(),
        previousValue: z.unknown(),
        status: Status,
        /** Everyone whose changes this answer's net change sums up, each at their latest, oldest first. */
        authors: z.array(Author),
        /** When the answer last changed. */
        changedAt: z.string(),
      }),
    ),
    pendingChangeIds: z.array(z.string()),
    /** The newest change still pending (else the newest change): when, and by whom. */
    changedAt: z.string(),
    changedBy: z.object({ id: z.string(), role: z.string() }),
  })
  .meta({ id: 'NetChange' });

/** Read-your-writes: wait (briefly) until the read model reflects at least this EIF version. */
const NetChangesQuery = z.object({
  minVersion,
});

const NetChanges = json(
  z.array(NetChange),
  'Net changes since signing, in the order each entity first changed',
);

export const getNetChanges = defineRoute('GET /api/clients/{clientId}/change-log/net-changes', {
  tag: 'clients',
  summary: 'Net changes since signing, per entity and attribute',
  request: { params: z.object({ clientId: z.string().min(1) }), query: NetChangesQuery },
  responses: { 200: NetChanges, 400: problem('Invalid minVersion'), 403: problem('Not yours') },
});

export const getOutsideSignerNetChanges = defineRoute(
  'GET /api/outside-signer/{clientId}/{actionId}/net-changes',
  {
    tag: 'eif',
    summary: 'The net changes the outside signer reviews',
    isSignedIn: false,
    request: {
      params: z.object({ clientId: z.string().min(1), actionId: z.string().min(1) }),
      query: NetChangesQuery,
    },
    responses: {
      200: NetChanges,
      400: problem('Invalid minVersion'),
      403: problem('Not allowed by the link'),
      404: problem('Expired, used or unknown link'),
    },
  },
);
