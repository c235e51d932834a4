import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';
import { ClientView } from '@onboard/api-contract/views';
import { VIEW_COLLECTIONS } from '@onboard/domain/eif/client-view';

const params = z.object({ clientId: z.string().min(1) });

export const ClientListQuery = z.object({
  limit: z.coerce
    .number()
    .int('Enter a whole number')
    .min(1, 'Choose from 1 to 100')
    .max(100, 'Choose from 1 to 100')
    .default(25),
  offset: z.coerce.number().int('Enter a whole number').min(0, 'Choose 0 or more').default(0),
  search: z.string().trim().max(200).optional(),
});

export const ClientListItem = z.object({
  id: z.string(),
  name: z.string(),
  eifStatus: z.enum(['pre_sign', 'signed']),
  pendingChangeCount: z.number().int(),
  updatedAt: z.string(),
});
export type ClientListItem = z.infer<typeof ClientListItem>;

export const listClients = defineRoute({
  method: 'get',
  path: '/api/clients',
  tag: 'clients',
  summary: 'Clients, paged (staff: all; brokers and ben-admins: their own)',
  request: { query: ClientListQuery },
  responses: {
    200: json(z.object({ items: z.array(ClientListItem), total: z.number().int() }), 'One page of clients'),
    400: problem('Invalid paging'),
  },
});

export const ClientViewQuery = z.object({
  view: z
    .enum(['editing'], { error: 'view must be editing, or left out for the accepted client' })
    .optional(),
  minVersion: z.coerce
    .number({ error: 'minVersion must be a whole number' })
    .int({ error: 'minVersion must be a whole number' })
    .min(0, { error: 'minVersion must be a whole number' })
    .optional(),
});

export const getClient = defineRoute({
  method: 'get',
  path: '/api/clients/{clientId}',
  tag: 'clients',
  summary: 'The client (accepted, or as its editor sees it)',
  request: { params, query: ClientViewQuery },
  responses: {
    200: json(ClientView, 'The client; with view=editing, every pending change applied'),
    400: problem('Unknown view (query.view)'),
    403: problem('Not yours'),
    404: problem('No such client'),
  },
});

/**
 * The EIF collections the forms list (platform §7), each as its editor sees it: pending changes applied,
 * like the answers of the entity writes in command-api/src/eif-entities.
 */
export const COLLECTION_PATHS = {
  locations: VIEW_COLLECTIONS.Location,
  contacts: VIEW_COLLECTIONS.Contact,
  bills: VIEW_COLLECTIONS.Bill,
  subsidiaries: VIEW_COLLECTIONS.Subsidiary,
  'monthly-claims-report-mailing-locations': VIEW_COLLECTIONS.MonthlyClaimsReportMailingLocation,
} as const;

const collection = <const P extends keyof typeof COLLECTION_PATHS>(path: P) =>
  defineRoute({
    method: 'get',
    path: `/api/clients/{clientId}/${path}`,
    tag: 'eif-entities',
    summary: `The client’s ${COLLECTION_PATHS[path]}, as the editor sees them`,
    request: { params },
    responses: {
      200: json(
        z.array(z.record(z.string(), z.unknown())),
        'Each item’s answers and id; ETag is the version',
      ),
      403: problem('Not yours'),
      404: problem('No such client'),
    },
  });
export const getLocations = collection('locations');
export const getContacts = collection('contacts');
export const getBills = collection('bills');
export const getSubsidiaries = collection('subsidiaries');
export const getMonthlyClaimsReportMailingLocations = collection('monthly-claims-report-mailing-locations');
export const COLLECTION_ROUTES = [
  getLocations,
  getContacts,
  getBills,
  getSubsidiaries,
  getMonthlyClaimsReportMailingLocations,
] as const;

export const ChangeRecord = z
  .object({
    id: z.string(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string(),
    createdAt: z.string(),
    createdByUser: z.object({ id: z.string(), role: z.string() }),
    status: z.string(),
    changeDetails: z.array(
      z.object({
        attributeKey: z.string(),
        value: z.unknown(),
        previousValue: z.unknown(),
        status: z.enum(['pending', 'accepted', 'declined']),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'ChangeRecord' });

export const getChangeRecords = defineRoute({
  method: 'get',
  path: '/api/clients/{clientId}/change-log/deif-changes',
  tag: 'clients',
  summary: 'Change records',
  request: { params },
  responses: {
    200: json(z.array(ChangeRecord), 'Change records, oldest first'),
    403: problem('Not yours'),
  },
});
