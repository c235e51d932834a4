import { z } from 'zod';
import {
  defineRoute,
  errors,
  json,
  minVersion,
  paging,
  pathParams,
  problem,
  routeFamily,
} from '@onboard/api-contract';
import { ClientPolicy, ClientView } from '@onboard/api-contract/views';
import { VIEW_COLLECTIONS, CLIENT_PHASES } from '@onboard/domain';
import { TaskView } from '../tasks/routes.contract.ts';

const params = pathParams('clientId');

/** A yes/no filter: absent means "either" unless the route says otherwise. */
const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be true or false` })
    .transform((value) => value === 'true')
    .optional();

export const CLIENT_LIST_SORTS = ['name', 'updatedAt', 'createdAt', 'nextDueDate'] as const;

export const ClientListQuery = z.object({
  ...paging({
    limit: { wholeNumber: 'Enter a whole number', range: 'Choose from 1 to 100' },
    offset: { wholeNumber: 'Enter a whole number', range: 'Choose 0 or more' },
  }),
  search: z.string().trim().max(200).optional(),
  sortBy: z
    .enum(CLIENT_LIST_SORTS, { error: `sortBy must be one of ${CLIENT_LIST_SORTS.join(', ')}` })
    .default('name'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'sortDirection must be asc or desc' }).default('asc'),
  /** Where the client stands (domain/src/clients/phase.ts). */
  phase: z.enum(CLIENT_PHASES, { error: `phase must be one of ${CLIENT_PHASES.join(', ')}` }).optional(),
  eifStatus: z.enum(['pre_sign', 'signed'], { error: 'eifStatus must be pre_sign or signed' }).optional(),
  implementationConsultantUserId: z.string().trim().min(1).max(200).optional(),
  /** Any task in NIGO (true), or none (false). */
  hasNigo: flag('hasNigo'),
  /** A task not finished (Done, Voided, Declined) due today or in the six days after. */
  dueThisWeek: flag('dueThisWeek'),
  /** Release status LIVE (true), or not yet (false). */
  live: flag('live'),
  /** Staff only: true lists the archived clients and only them; otherwise archived clients are left out. */
  archived: flag('archived'),
  /**
   * true: only test clients; false: only real ones. Left out: staff see real clients only, a broker or
   * ben-admin sees every client assigned to them.
   */
  isTest: flag('isTest'),
});
export type ClientListQuery = z.infer<typeof ClientListQuery>;

export const ClientListItem = z.object({
  id: z.string(),
  name: z.string(),
  /** null for a draft: its form does not exist yet. */
  eifStatus: z.enum(['pre_sign', 'signed']).nullable(),
  /** The net changes since signing still waiting for a decision (one per entity, as the hub lists them). */
  pendingChangeCount: z.number().int(),
  updatedAt: z.string(),
  createdAt: z.string().nullable(),
  phase: z.enum(CLIENT_PHASES),
  implementationConsultant: z.object({ userId: z.string(), name: z.string() }).nullable(),
  /** Tasks done of the tasks that count (every task but Voided ones). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** The open task due first (no due date last), with its title; null when nothing is open. */
  nextTask: z
    .object({
      taskId: z.string(),
      title: z.string(),
      policyId: z.string().nullable(),
      dueDate: z.string().nullable(),
      status: z.string(),
      /** The due-date badge (onboarding §2 text) as of the server's today; null when it does not apply. */
      badge: z
        .object({ tone: z.enum(['due-today', 'past-due', 'due-soon', 'due']), text: z.string() })
        .nullable(),
    })
    .nullable(),
  nigoCount: z.number().int(),
  isArchived: z.boolean(),
  isTest: z.boolean(),
  isDraft: z.boolean(),
  releaseStatus: z.enum(['LIVE']).nullable(),
});
export type ClientListItem = z.infer<typeof ClientListItem>;

const ClientPage = z.object({ items: z.array(ClientListItem), total: z.number().int() });

/** The client reads. */
const clientRead = routeFamily({ tag: 'clients' });
/** The reads of a page of clients, with the paging, sort and filters of GET /api/clients. */
const clientPageRead = routeFamily({
  tag: 'clients',
  responses: { 400: problem('Invalid paging, sort or filter (named by query.<field>)') },
});

export const listClients = clientPageRead('GET /api/clients', {
  summary: 'Clients, paged, sorted and filtered (staff: all; brokers and ben-admins: their own)',
  request: { query: ClientListQuery },
  responses: { 200: json(ClientPage, 'One page of clients') },
});

export const listUserClients = clientPageRead('GET /api/users/{userId}/clients', {
  summary: 'The clients of a broker or ben-admin, with the filters of GET /api/clients (staff, or the user)',
  request: { params: pathParams('userId'), query: ClientListQuery },
  responses: {
    200: json(ClientPage, 'One page of the user’s clients'),
    403: problem('Neither staff nor the user'),
    ...errors.noUser,
  },
});

export const ClientViewQuery = z.object({
  view: z
    .enum(['editing'], { error: 'view must be editing, or left out for the accepted client' })
    .optional(),
  minVersion,
});

/**
 * The client as its page reads it: the view with the related lists of platform §3, its tasks (the
 * client-level ones) and each policy's `policyTasks`, as GET /api/clients/{clientId}/tasks words them.
 */
export const ClientWithTasks = ClientView.extend({
  tasks: z
    .array(TaskView)
    .meta({ description: 'The client-level tasks (each policy’s are its policyTasks)' }),
  policies: z.array(
    ClientPolicy.extend({ policyTasks: z.array(TaskView).meta({ description: 'The policy’s tasks' }) }),
  ),
}).meta({ id: 'ClientWithTasks' });

export const getClient = clientRead('GET /api/clients/{clientId}', {
  summary: 'The client (accepted, or as its editor sees it)',
  request: { params, query: ClientViewQuery },
  responses: {
    200: json(ClientWithTasks, 'The client and its tasks; with view=editing, every pending change applied'),
    400: problem('Unknown view (query.view)'),
    ...errors.notYours,
    ...errors.noClient,
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
  defineRoute(`GET /api/clients/{clientId}/${path}`, {
    tag: 'eif-entities',
    summary: `The client’s ${COLLECTION_PATHS[path]}, as the editor sees them`,
    request: { params },
    responses: {
      200: json(
        z.array(z.record(z.string(), z.unknown())),
        'Each item’s answers and id; ETag is the version',
      ),
      ...errors.notYours,
      ...errors.noClient,
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
    createdByUser: z.object({
      id: z.string(),
      role: z.string(),
      name: z.string().nullable().optional().meta({ description: '"First Last (Role)"; null when unknown' }),
    }),
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

export const getChangeRecords = clientRead('GET /api/clients/{clientId}/change-log/deif-changes', {
  summary: 'Change records',
  request: { params },
  responses: { 200: json(z.array(ChangeRecord), 'Change records, oldest first'), ...errors.notYours },
});
