/** Shapes of the answers this slice reads (API contract with the server). */
// The EIF shapes are the domain's own: the server sends them as the decider folds them.
import type { EifStamps, PendingChange } from '@onboard/domain/web';

export type Role = 'BEN_ADMIN' | 'BROKER' | 'SLF_ADMIN' | 'SLF_OWNER';

export type ClientRef = { id: string; name: string; completedSetupAt?: string | null };

/** GET /api/users/authenticated (identity contract). */
export type AuthenticatedUser = {
  id: string;
  userId?: string;
  name: string;
  firstName?: string;
  lastName?: string;
  email: string;
  phoneNumber?: string | null;
  role: Role;
  clientIds?: string[];
  clients: ClientRef[];
  termsOfUseDate?: string | null;
};

export type Policy = { id: string; slfPolicyNumber: string; slfCoverages: string[] };

export type Plan = { id: string; benefitType: string; policyId: string };

export type ClientView = {
  id: string;
  name: string;
  /** The EIF stream revision; sent back as If-Match for optimistic concurrency. */
  version: number;
  taxId: string | null;
  policies: Policy[];
  plans: Plan[];
  /** The EIF lifecycle (onboarding §4); absent only in fixtures that predate it. */
  eifStatus?: 'pre_sign' | 'signed';
  pendingChanges?: PendingChange[];
  /** How many changes wait for review (the net-change rules: one per answer, or entity added or removed). */
  pendingReviewCount?: number;
  [attribute: string]: unknown;
} & Partial<EifStamps>;

export type ActorRef = { userId: string; role: string };

export type { PendingChange, EifStamps };

export function isAdminRole(role: Role): boolean {
  return role === 'SLF_ADMIN' || role === 'SLF_OWNER';
}

export const ROLE_LABELS: Record<Role, string> = {
  BEN_ADMIN: 'Benefits administrator',
  BROKER: 'Broker',
  SLF_ADMIN: 'Carrier admin',
  SLF_OWNER: 'Carrier owner',
};
