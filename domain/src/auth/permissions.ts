import { ForbiddenError } from '../errors.ts';
import type { Actor, Role } from './actor.ts';

/** Access checks accept only these four actions (platform §5); anything else is refused. */
export const ACTIONS = ['read', 'update', 'create', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
export const isAction = (value: unknown): value is Action => ACTIONS.includes(value as Action);

/**
 * How 'own' is decided for a resource (platform §5): a client-related resource is own when its client id
 * is in the actor's client list; a user-record resource when the user id is the actor's. Resources with
 * no owner are never granted at 'own' scope.
 */
export type Ownership = 'client' | 'self' | 'none';
export type Scope = 'own' | 'any';
export type Grant = { scope: Scope; actions: readonly Action[] };

type ResourceRow = {
  ownership: Ownership;
  grants: Partial<Record<Role, Grant>>;
  /** Fields the role may not send in an update, even on a resource it owns. */
  deniedFields?: Partial<Record<Role, readonly string[]>>;
};

const CRUD: readonly Action[] = ['read', 'update', 'create', 'delete'];
const own = (...actions: Action[]): Grant => ({ scope: 'own', actions });
const any = (...actions: Action[]): Grant => ({ scope: 'any', actions });
const anyCrud: Grant = { scope: 'any', actions: CRUD };

/**
 * The Client attributes a ben-admin or broker may not change (platform §6): system identifiers, flags,
 * internal user stamps, the EIF decision stamps and the related lists. Everything else on a Client (the
 * questionnaire) is editable. A deny list, as the spec words it, so new questionnaire fields need no
 * change here.
 */
export const CLIENT_DENIED_FIELDS = [
  // system identifiers
  'id',
  'ticketId',
  'caseId',
  // flags
  'isActive',
  'isTest',
  'isBenefitsExplorer',
  'isOnboard',
  'isArchived',
  'implementationType',
  'releaseStatus',
  // internal user stamps and system stamps
  'eifSignedAt',
  'eifSignedBy',
  'completedSetupAt',
  'eifAcceptedAt',
  'eifDeclinedAt',
  'eifReadyForReviewAt',
  'eifUndoneAt',
  'slfImplementationConsultant',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  // related lists
  'policies',
  'users',
  'tasks',
  'plans',
  'bills',
  'deletedBills',
  'contacts',
  'apiJobs',
  'clientErrors',
] as const;

/** Only an admin or owner changes which clients a broker belongs to (assignment has its own resource). */
export const BROKER_RECORD_DENIED_FIELDS = ['clientIds'] as const;

/**
 * Platform §6 as data. SLF_OWNER extends SLF_ADMIN (see ROLE_EXTENDS), so the admin-and-owner rows name
 * only SLF_ADMIN and the owner-only rows only SLF_OWNER.
 */
export const PERMISSION_TABLE = {
  client: {
    ownership: 'client',
    grants: { BEN_ADMIN: own('read', 'update'), BROKER: own('read', 'update'), SLF_ADMIN: anyCrud },
    deniedFields: { BEN_ADMIN: CLIENT_DENIED_FIELDS, BROKER: CLIENT_DENIED_FIELDS },
  },
  'broker-record': {
    ownership: 'self',
    grants: { BROKER: own('read', 'update') },
    deniedFields: { BROKER: BROKER_RECORD_DENIED_FIELDS },
  },
  'ben-admin-record': { ownership: 'self', grants: { BEN_ADMIN: own('read') } },
  'ben-admin-users': { ownership: 'none', grants: { SLF_ADMIN: anyCrud } },
  'broker-users': { ownership: 'none', grants: { SLF_ADMIN: anyCrud } },
  'admin-users': { ownership: 'none', grants: { SLF_ADMIN: any('read'), SLF_OWNER: anyCrud } },
  'owner-users': { ownership: 'none', grants: { SLF_OWNER: anyCrud } },
  'client-assignment': { ownership: 'none', grants: { SLF_ADMIN: any('update') } },
  // Client actions are the web links: read only for the client's own users.
  'client-actions': {
    ownership: 'client',
    grants: { BEN_ADMIN: own('read'), BROKER: own('read'), SLF_ADMIN: anyCrud },
  },
  eif: { ownership: 'client', grants: { BEN_ADMIN: own(...CRUD), BROKER: own(...CRUD), SLF_ADMIN: anyCrud } },
  documents: {
    ownership: 'client',
    grants: { BEN_ADMIN: own(...CRUD), BROKER: own(...CRUD), SLF_ADMIN: anyCrud },
  },
  'onboarding-forms': {
    ownership: 'client',
    grants: {
      BEN_ADMIN: own('read', 'create', 'update'),
      BROKER: own('read', 'create', 'update'),
      SLF_ADMIN: anyCrud,
    },
  },
  'onboarding-form-reassign': { ownership: 'none', grants: { SLF_ADMIN: any('update') } },
  // Owner only.
  'activity-emails': { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'post-onboarding-survey': { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'phase-change-emails': { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'risk-acceptance-emails': { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'upcoming-date-emails': { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'actively-at-work-emails': { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'dental-emails': { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'resend-rejected-emails': { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'qa-data': { ownership: 'none', grants: { SLF_OWNER: any('delete') } },
  carriers: { ownership: 'none', grants: { SLF_OWNER: any('create') } },
  'phase-change-flag': { ownership: 'none', grants: { SLF_OWNER: any('update') } },
  // Admin and owner ('read owners' is owner-users above).
  emails: { ownership: 'none', grants: { SLF_ADMIN: any('read', 'create') } },
  'email-resend': { ownership: 'none', grants: { SLF_ADMIN: any('create') } },
  users: { ownership: 'none', grants: { SLF_ADMIN: any('read') } },
  'activation-link': { ownership: 'none', grants: { SLF_ADMIN: any('create') } },
  'bulk-email-update': { ownership: 'none', grants: { SLF_ADMIN: any('update') } },
  'undo-ic-edits': { ownership: 'none', grants: { SLF_ADMIN: any('create', 'update') } },
  // Lists of the people on a client: a ben-admin or broker sees those of their own clients.
  'ben-admin-list': {
    ownership: 'client',
    grants: { BEN_ADMIN: own('read'), BROKER: own('read'), SLF_ADMIN: any('read') },
  },
  'broker-list': { ownership: 'client', grants: { BROKER: own('read'), SLF_ADMIN: any('read') } },
  // Conversations on a client's answers, classes, census rows and tasks: shared threads are the
  // client's people's and staff's; internal notes are staff's only, never shown to the client.
  conversations: {
    ownership: 'client',
    grants: {
      BEN_ADMIN: own('read', 'create', 'update'),
      BROKER: own('read', 'create', 'update'),
      SLF_ADMIN: anyCrud,
    },
  },
  'internal-notes': { ownership: 'client', grants: { SLF_ADMIN: anyCrud } },
  // Personal data of a census shows masked to everyone who may open it; the full value of one field is
  // revealed (with a reason, recorded) to staff and the client's own benefits administrators, never to a
  // broker. Only staff download the error workbook unmasked; only owners read who looked.
  'personal-data-reveal': { ownership: 'client', grants: { BEN_ADMIN: own('read'), SLF_ADMIN: any('read') } },
  'personal-data-unmasked-download': { ownership: 'client', grants: { SLF_ADMIN: any('read') } },
  'personal-data-access-log': { ownership: 'none', grants: { SLF_OWNER: any('read') } },
} as const satisfies Record<string, ResourceRow>;

export type Resource = keyof typeof PERMISSION_TABLE;
export const RESOURCES = Object.keys(PERMISSION_TABLE) as Resource[];

/** SLF_OWNER extends SLF_ADMIN (platform §6): an owner holds every admin grant too. */
export const ROLE_EXTENDS: Partial<Record<Role, Role>> = { SLF_OWNER: 'SLF_ADMIN' };

const row = (resource: Resource): ResourceRow => PERMISSION_TABLE[resource];

/** The grant a role holds on a resource, merged with the grants of the roles it extends. */
export function grantFor(role: Role, resource: Resource): Grant | null {
  const direct = row(resource).grants[role] ?? null;
  const parent = ROLE_EXTENDS[role];
  const inherited = parent ? grantFor(parent, resource) : null;
  if (!direct) return inherited;
  if (!inherited) return direct;
  return {
    scope: direct.scope === 'any' || inherited.scope === 'any' ? 'any' : 'own',
    actions: ACTIONS.filter((a) => direct.actions.includes(a) || inherited.actions.includes(a)),
  };
}

/** The fields this actor may not send when updating the resource ([] when none are denied). */
export function deniedFields(actor: Pick<Actor, 'role'>, resource: Resource): readonly string[] {
  return row(resource).deniedFields?.[actor.role] ?? [];
}

export const ACCESS_MESSAGES = {
  noClientIds: 'User does not have any client IDs attached to profile',
  missingUserId: 'User missing valid user ID',
  unknownAction: 'Access checks accept only the actions read, update, create and delete',
  forbidden: 'Forbidden',
  deniedField: 'You are not allowed to change some of these fields',
} as const;

/** What is being acted on: the client it belongs to, the user record, and the fields being sent. */
export type AccessTarget = { clientId?: string; userId?: string; fields?: readonly string[] };
export type AccessResult = { allowed: true } | { allowed: false; message: string };

const ALLOWED: AccessResult = { allowed: true };
const refuse = (message: string): AccessResult => ({ allowed: false, message });

/**
 * The one access check (platform §5, §6). Messages never name the target, so a refusal tells a caller
 * nothing about data they may not see.
 */
export function authorize(
  actor: Actor,
  resource: Resource,
  action: Action,
  target: AccessTarget = {},
): AccessResult {
  if (!isAction(action)) return refuse(ACCESS_MESSAGES.unknownAction);
  if (!(resource in PERMISSION_TABLE)) return refuse(ACCESS_MESSAGES.forbidden);
  const grant = grantFor(actor.role, resource);
  if (!grant || !grant.actions.includes(action)) return refuse(ACCESS_MESSAGES.forbidden);
  if (grant.scope === 'own') {
    const ownership = row(resource).ownership;
    switch (ownership) {
      case 'client':
        if (actor.clientIds.length === 0) return refuse(ACCESS_MESSAGES.noClientIds);
        if (target.clientId === undefined || !actor.clientIds.includes(target.clientId)) {
          return refuse(ACCESS_MESSAGES.forbidden);
        }
        break;
      case 'self':
        if (!actor.userId || target.userId !== actor.userId) return refuse(ACCESS_MESSAGES.missingUserId);
        break;
      case 'none':
        return refuse(ACCESS_MESSAGES.forbidden);
      default: {
        const unknown: never = ownership;
        return refuse(`Unknown ownership ${String(unknown)}`);
      }
    }
  }
  if (target.fields) {
    const denied = deniedFields(actor, resource);
    if (target.fields.some((field) => denied.includes(field))) return refuse(ACCESS_MESSAGES.deniedField);
  }
  return ALLOWED;
}

/** Like authorize, but throws the 403 the error middleware answers with: the one helper every route uses. */
export function assertAllowed(
  actor: Actor,
  resource: Resource,
  action: Action,
  target: AccessTarget = {},
): void {
  const access = authorize(actor, resource, action, target);
  if (!access.allowed) throw new ForbiddenError(access.message);
}
