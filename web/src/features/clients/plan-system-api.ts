import { call, type Answer, type Read } from '../../api/client.ts';

export type ClientFromQps = Read<'/api/clients/{clientId}/client-from-qps'>;
export type PlanSystemApplied = Answer<'post', '/api/clients/{clientId}/import-from-qps'>;
export type PlanConfigurationAnswer = Answer<'post', '/api/clients/{clientId}/plan-configuration'>;
export type ActivationEmailsAnswer = Answer<'post', '/api/clients/{clientId}/activation-emails'>;

const versioned = (version: number | null): Record<string, string> =>
  version === null ? {} : { 'If-Match': String(version) };

export const compareWithPlanSystem = (clientId: string) =>
  call('get', '/api/clients/{clientId}/client-from-qps', { params: { clientId } });

/** Import (everything the plan system holds) or sync (only what it owns), against the version compared. */
export const importFromPlanSystem = (clientId: string, version: number | null) =>
  call('post', '/api/clients/{clientId}/import-from-qps', {
    params: { clientId },
    headers: versioned(version),
  });

export const syncWithPlanSystem = (clientId: string, version: number | null) =>
  call('put', '/api/clients/{clientId}/sync', { params: { clientId }, headers: versioned(version) });

export const configurePlansFor = (clientId: string) =>
  call('post', '/api/clients/{clientId}/plan-configuration', { params: { clientId } });

export const sendActivationEmails = (clientId: string) =>
  call('post', '/api/clients/{clientId}/activation-emails', { params: { clientId } });
