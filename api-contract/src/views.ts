import { z } from 'zod';
import { ROLES, type ClientView as DomainClientView } from '@onboard/domain';
import { problem } from './index.ts';

// The answers both sides give: the write routes (command-api) answer with the same views the read routes
// (query-api) serve, so those shapes are declared once here and named in the document.

export const Actor = z.object({ userId: z.string(), role: z.string() });
export const Role = z.enum(ROLES);
const iso = z.string().nullable();
const Row = z.record(z.string(), z.unknown());
/** An entity of the form: its id and its answers by name. */
const EntityRow = z.object({ id: z.string() }).catchall(z.unknown());

export const PendingChange = z.object({
  changeId: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  entity: z.string(),
  entityId: z.string(),
  attributes: Row,
  previous: Row,
  at: z.string(),
  by: Row,
});

/** A policy of the client as the EIF holds it: its number and coverages (and its other answers). */
export const ClientPolicy = z
  .object({ id: z.string(), slfPolicyNumber: z.string(), slfCoverages: z.array(z.string()) })
  .passthrough();
/** A plan of a policy (and its other answers). */
const ClientPlan = z.object({ id: z.string(), benefitType: z.string(), policyId: z.string() }).passthrough();

const stamp = iso.optional();
/** When and by whom the EIF was signed, and its post-sign changes put up, accepted, declined or undone. */
const eifStamps = {
  eifSignedAt: stamp,
  eifSignedBy: stamp,
  eifSignerKind: stamp,
  eifOutsideSignedBy: stamp,
  deifChangesReadyForReviewAt: stamp,
  deifChangesReadyForReviewBy: stamp,
  deifChangesAcceptedAt: stamp,
  deifChangesAcceptedBy: stamp,
  deifChangesDeclinedAt: stamp,
  deifChangesDeclinedBy: stamp,
  deifChangesDeclinedReason: stamp,
  deifChangesUndoneAt: stamp,
  deifChangesUndoneBy: stamp,
};

/** The EIF's collections besides policies and plans, each entity's answers and id (domain VIEW_COLLECTIONS). */
const collections = {
  contacts: z.array(EntityRow),
  locations: z.array(EntityRow),
  bills: z.array(EntityRow),
  subsidiaries: z.array(EntityRow),
  monthlyClaimsReportMailingLocations: z.array(EntityRow),
  employeeClasses: z.array(EntityRow),
  employeeClassPlans: z.array(EntityRow),
};

export const ClientView = z
  .object({
    id: z.string(),
    name: z.string(),
    version: z.number().int().meta({ description: 'The If-Match value for the next write' }),
    taxId: z.string().nullable(),
    policies: z.array(ClientPolicy),
    plans: z.array(ClientPlan),
    ...collections,
    eifStatus: z.enum(['pre_sign', 'signed']),
    pendingChanges: z.array(PendingChange),
    pendingReviewCount: z.number().int().min(0).meta({
      description: 'How many changes wait for review: one per answer changed, or entity added or removed',
    }),
    people: z.record(z.string(), z.string()).optional().meta({
      description: 'The people the view names (signers, reviewers, authors), by id: "First Last (Role)"',
    }),
    ...eifStamps,
  })
  .passthrough()
  .meta({ id: 'ClientView' });

/**
 * The domain's client view as the contract answers it. The domain keeps each entity's answers open (a
 * row of answers by name); the contract names the ones the web reads, which every policy (its number and
 * coverages) and plan (its benefit type and policy) is written with. The integration tests check each
 * answer against the schema.
 */
export type ClientViewAnswer = z.input<typeof ClientView>;
export const clientViewAnswer = (view: DomainClientView) => view as unknown as ClientViewAnswer;

export const UserContact = z
  .object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    role: Role,
    clientIds: z.array(z.string()),
  })
  .meta({ id: 'UserContact' });

export const UserView = UserContact.extend({
  welcomeEmailSentDate: iso,
  firstLogin: iso,
  lastLogin: iso,
  firstPasswordSet: iso,
  lastPasswordSet: iso,
  termsOfUseDate: iso,
  isMfaEnrolled: z.boolean(),
  version: z.number().int().meta({ description: 'The If-Match value for an edit' }),
}).meta({ id: 'UserView' });

export const AuthenticatedUser = UserContact.extend({
  clients: z.array(z.object({ id: z.string(), name: z.string(), completedSetupAt: iso })),
  termsOfUseDate: iso,
  newDocumentNoticeStatus: z.enum(['NEW_AND_SEEN', 'OLD']).nullable().optional().meta({
    description: 'The user’s last answer to the new-document notice (onboarding §3, §4); null: never',
  }),
}).meta({ id: 'AuthenticatedUser' });

export const EmployeeClass = z
  .object({
    id: z.string(),
    groupName: z.string(),
    employeeTypes: z.array(z.string()),
    minimumHoursPerWeek: z.number().nullable(),
    description: z.string().nullable(),
    plans: z
      .array(EntityRow)
      .meta({ description: 'Class plans: planId, benefitType, waiting period, contributions' }),
    isComplete: z.boolean(),
    hasPendingChanges: z.boolean(),
  })
  .passthrough()
  .meta({ id: 'EmployeeClass' });

export const classesView = {
  clientId: z.string(),
  version: z.number().int().meta({ description: 'The If-Match value for the next write' }),
  eifStatus: z.enum(['pre_sign', 'signed']),
  needsEmployeeClasses: z.boolean().nullable(),
  eligiblePlans: z.array(EntityRow).meta({ description: 'Plans a class can offer (not statutory or PFML)' }),
};

export const EmployeeClasses = z
  .object({ ...classesView, employeeClasses: z.array(EmployeeClass) })
  .meta({ id: 'EmployeeClasses' });

/** A write appends at the revision it read: another write in between refuses it (not If-Match). */
export const concurrentWrite = problem('Changed by another write meanwhile; nothing was written');

/** A benefits-administration platform of the catalogue, as its writes answer it and its list reads it. */
export const benAdminPlatformFields = {
  platformId: z.string(),
  name: z.string(),
  website: z.string(),
  supportsDataFeeds: z.boolean(),
  active: z.boolean(),
};

/** An Explorer site as staff read it: every attribute, its plans and documents, version and links. */
export const ExplorerPage = z
  .object({ id: z.string(), clientId: z.string() })
  .passthrough()
  .meta({ id: 'ExplorerPage' });

export const SupportChatMessage = z
  .object({ messageId: z.string(), author: z.enum(['visitor', 'agent']), text: z.string(), at: z.string() })
  .meta({ id: 'SupportChatMessage' });

/** A support conversation as its holder reads it: the visitor who started it, or staff. */
export const SupportConversation = z
  .object({ conversationId: z.string(), department: z.string(), messages: z.array(SupportChatMessage) })
  .passthrough()
  .meta({ id: 'SupportConversation' });
export * from './client-lifecycle.ts';
