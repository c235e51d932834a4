import type { EnvelopeRecipient, SigningField, SigningRole } from '@onboard/events';
import type { EnvelopeCommand } from '../onboarding-forms/decider.ts';
import { staff } from './actors.ts';

/** Builders of an onboarding form's envelope, its template and the commands on it, for the decider's tests. */
const envelopeId = 'env-1';
const clientId = 'lakeside';
export const t = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;

export const cmd = <T extends EnvelopeCommand['type']>(
  type: T,
  data: Omit<Extract<EnvelopeCommand, { type: T }>['data'], 'envelopeId' | 'clientId'>,
  at = t(1),
) =>
  ({
    type,
    data: { envelopeId, clientId, ...data },
    metadata: { at, by: staff },
  }) as unknown as EnvelopeCommand;

export const field = (
  fieldId: string,
  roleId: string,
  kind: SigningField['kind'] = 'signature',
): SigningField => ({
  fieldId,
  roleId,
  kind,
  label: fieldId,
  page: 1,
  x: 50,
  y: 50,
  width: 120,
  height: 40,
});

export const person = (
  recipientId: string,
  roleId: string,
  userId: string | null = `user-${recipientId}`,
): EnvelopeRecipient => ({
  recipientId,
  roleId,
  name: `Person ${recipientId}`,
  email: `${recipientId}@example.com`,
  userId,
});

export const template = (roles: SigningRole[], fields: SigningField[]) => ({
  templateId: 'tpl-1',
  name: 'Group application',
  documentId: 'doc-0',
  sha256: 'h0',
  pages: [{ width: 612, height: 792 }],
  roles,
  fields,
});
