import type { ResponseOf } from '@onboard/api-contract';
import type {
  configurePlans,
  importFromQps,
  sendClientActivationEmails,
} from '@onboard/command-api/contracts';
import type { getClientFromQps } from '@onboard/query-api/contracts';
import { apiRequest } from '../../api/http.ts';

// Answer types from the routes' contracts, never written twice.
export type ClientFromQps = ResponseOf<typeof getClientFromQps>;
export type PlanSystemApplied = ResponseOf<typeof importFromQps>;
export type PlanConfigurationAnswer = ResponseOf<typeof configurePlans>;
export type ActivationEmailsAnswer = ResponseOf<typeof sendClientActivationEmails>;

const base = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;
const versioned = (version: number | null): Record<string, string> =>
  version === null ? {} : { 'If-Match': String(version) };

export const compareWithPlanSystem = (clientId: string) =>
  apiRequest<ClientFromQps>('GET', `${base(clientId)}/client-from-qps`);

/** Import (everything the plan system holds) or sync (only what it owns), against the version compared. */
export const importFromPlanSystem = (clientId: string, version: number | null) =>
  apiRequest<PlanSystemApplied>('POST', `${base(clientId)}/import-from-qps`, { headers: versioned(version) });

export const syncWithPlanSystem = (clientId: string, version: number | null) =>
  apiRequest<PlanSystemApplied>('PUT', `${base(clientId)}/sync`, { headers: versioned(version) });

export const configurePlansFor = (clientId: string) =>
  apiRequest<PlanConfigurationAnswer>('POST', `${base(clientId)}/plan-configuration`);

export const sendActivationEmails = (clientId: string) =>
  apiRequest<ActivationEmailsAnswer>('POST', `${base(clientId)}/activation-emails`);
