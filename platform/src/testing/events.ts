import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@onboard/events';

/** A plan-system job's status changed for a client: the event the bus carries to the browsers. */
export const apiJobStatusChanged = (
  clientId: string,
  apiJobStatus: 'IN_PROGRESS' | 'COMPLETED',
): NewEvent => ({
  id: randomUUID(),
  type: 'ApiJobStatusChanged',
  data: { apiJobId: randomUUID(), clientId, apiJobStatus, reasons: [] },
  metadata: {
    actorId: 'u',
    actorRole: 'SLF_ADMIN',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
  },
});
