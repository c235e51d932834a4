/** Shapes of the answers this slice reads (API contract with the server). */
import type { TaskStatus } from '../../../domain/src/tasks/due-date.ts';

export type Role = 'BEN_ADMIN' | 'BROKER' | 'SLF_ADMIN' | 'SLF_OWNER';

export type ClientRef = { id: string; name: string };

export type AuthenticatedUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  clients: ClientRef[];
};

export type DemoUser = { id: string; name: string; email: string; role: Role };

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
  tasks?: ClientTask[];
};

export type ClientTask = { id: string; status: TaskStatus; dueDate: string | null };

export function isAdminRole(role: Role): boolean {
  return role === 'SLF_ADMIN' || role === 'SLF_OWNER';
}

export const ROLE_LABELS: Record<Role, string> = {
  BEN_ADMIN: 'Benefits administrator',
  BROKER: 'Broker',
  SLF_ADMIN: 'Carrier admin',
  SLF_OWNER: 'Carrier owner',
};
