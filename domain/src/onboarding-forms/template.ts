import type { SigningField, SigningRole, SigningTemplateEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';

/** A signing template: a PDF with fields placed for each recipient role (`template-{templateId}`). */
export type SigningTemplateState = {
  templateId: string;
  name: string;
  documentId: string;
  fileName: string;
  sha256: string;
  pages: { width: number; height: number }[];
  roles: SigningRole[];
  fields: SigningField[];
  createdAt: string;
  updatedAt: string;
  version: number;
} | null;

type Ref = { templateId: string };

export type SigningTemplateCommand =
  | Command<
      'CreateTemplate',
      Ref & {
        name: string;
        documentId: string;
        fileName: string;
        sha256: string;
        pages: { width: number; height: number }[];
      }
    >
  | Command<'SetTemplateFields', Ref & { roles: SigningRole[]; fields: SigningField[] }>;
export type SigningTemplateIntent = Intent<SigningTemplateCommand>;

export type SigningTemplateError =
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'ALREADY_EXISTS'; message: string }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

export const NO_SUCH_TEMPLATE = 'No such onboarding form template';

/** The problems of a set of roles and fields, keyed by where they are (`roles.0.name`, `fields.2.page`). */
export function templateFieldProblems(
  pages: readonly { width: number; height: number }[],
  roles: readonly SigningRole[],
  fields: readonly SigningField[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const roleIds = new Set<string>();
  roles.forEach((role, i) => {
    if (role.name.trim() === '') problems[`roles.${i}.name`] = 'Please provide a response';
    if (roleIds.has(role.roleId)) problems[`roles.${i}.roleId`] = 'Each role once';
    roleIds.add(role.roleId);
  });
  fields.forEach((field, i) => {
    if (!roleIds.has(field.roleId)) problems[`fields.${i}.roleId`] = 'Choose one of the template’s roles';
    const page = pages[field.page - 1];
    if (!page)
      problems[`fields.${i}.page`] = `The template has ${pages.length} page${pages.length === 1 ? '' : 's'}`;
    else if (
      field.x < 0 ||
      field.y < 0 ||
      field.x + field.width > page.width + 0.5 ||
      field.y + field.height > page.height + 0.5
    )
      problems[`fields.${i}.x`] = 'Place the field inside the page';
  });
  roles.forEach((role, i) => {
    if (!fields.some((f) => f.roleId === role.roleId))
      problems[`roles.${i}.fields`] = `Place at least one field for ${role.name || 'this role'}`;
  });
  return problems;
}

export function decideTemplate(
  command: SigningTemplateCommand,
  state: SigningTemplateState,
): Decision<SigningTemplateEvent, SigningTemplateError> {
  const { at, by } = command.metadata;
  if (command.type === 'CreateTemplate') {
    if (state) return refused({ code: 'ALREADY_EXISTS', message: 'This template exists already' });
    const name = command.data.name.trim();
    if (name === '')
      return refused({
        code: 'INVALID',
        message: 'Please correct the highlighted fields',
        fields: { name: 'Please provide a response' },
      });
    return accepted({ type: 'SigningTemplateCreated', data: { ...command.data, name, at, by } });
  }
  if (!state) return refused({ code: 'NOT_FOUND', message: NO_SUCH_TEMPLATE });
  const { roles, fields, templateId } = command.data;
  const problems = templateFieldProblems(state.pages, roles, fields);
  if (Object.keys(problems).length > 0)
    // The builder has no input for every problem (a role without fields), so the message names them.
    return refused({
      code: 'INVALID',
      message: `The template cannot be saved: ${Object.values(problems).join('; ')}.`,
      fields: problems,
    });
  return accepted({
    type: 'SigningTemplateFieldsSet',
    data: { templateId, roles: roles.map((r) => ({ ...r, name: r.name.trim() })), fields, at, by },
  });
}

export function evolveTemplate(
  state: SigningTemplateState,
  event: SigningTemplateEvent,
): SigningTemplateState {
  if (event.type === 'SigningTemplateCreated') {
    const { at, by: _by, ...rest } = event.data;
    return { ...rest, roles: [], fields: [], createdAt: at, updatedAt: at, version: 1 };
  }
  if (!state) return state;
  return {
    ...state,
    roles: event.data.roles,
    fields: event.data.fields,
    updatedAt: event.data.at,
    version: state.version + 1,
  };
}

export const signingTemplateDecider: Decider<
  SigningTemplateState,
  SigningTemplateCommand,
  SigningTemplateEvent,
  SigningTemplateError
> = { initialState: () => null, decide: decideTemplate, evolve: evolveTemplate };
