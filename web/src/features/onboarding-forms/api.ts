import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@onboard/api-contract';
import type { embeddedViewAction, uploadSigningTemplate } from '@onboard/command-api/contracts';
import type { listOnboardingForms, readyToSignRecipients } from '@onboard/query-api/contracts';
import { apiRequest, ensureCsrfCookie, CSRF_COOKIE, CSRF_HEADER, readCookie } from '../../api/http.ts';
import { ApiError } from '../../api/errors.ts';

// Answer types from the routes' contracts (query-api, command-api), never written twice.
export type OnboardingForm = ResponseOf<typeof listOnboardingForms>[number];
export type ReadyRecipient = ResponseOf<typeof readyToSignRecipients>[number];
export type SigningTemplate = ResponseOf<typeof uploadSigningTemplate, 201>;
export type SigningRole = SigningTemplate['roles'][number];
export type SigningField = SigningTemplate['fields'][number];
export type FieldKind = SigningField['kind'];
export type SigningSession = Extract<ResponseOf<typeof embeddedViewAction>, { sessionToken: string }>;

export const FIELD_KIND_LABELS: Record<FieldKind, string> = {
  signature: 'Signature',
  initials: 'Initials',
  dateSigned: 'Date signed',
  text: 'Text',
  checkbox: 'Checkbox',
};

const enc = encodeURIComponent;
export const formsPath = (clientId: string) => `/api/clients/${enc(clientId)}/onboarding-forms`;
const formPath = (clientId: string, formId: string) => `${formsPath(clientId)}/${enc(formId)}`;
export const TEMPLATES_PATH = '/api/onboarding-form-templates';
export const templatePdfPath = (templateId: string) => `${TEMPLATES_PATH}/${enc(templateId)}/pdf`;
export const downloadPath = (clientId: string, formId: string, docId?: string, token?: string) =>
  `${formPath(clientId, formId)}/download${docId ? `/${enc(docId)}` : ''}${token ? `?token=${enc(token)}` : ''}`;

/** Forms waiting for a status are read again every 6 s (platform §4); the live stream does the rest. */
const PENDING_REFRESH_MS = 6_000;
const REASSIGN_TIMEOUT_MS = 60_000;

export function useOnboardingForms(clientId: string) {
  return useSWR<OnboardingForm[]>(formsPath(clientId), {
    refreshInterval: (forms) => (forms?.some((f) => f.waitingForWebhook) ? PENDING_REFRESH_MS : 0),
  });
}

export function useReadyToSign(clientId: string) {
  return useSWR<ReadyRecipient[]>(`${formsPath(clientId)}/ready-to-sign-recipients`);
}

export function useTemplates(isStaff: boolean) {
  return useSWR<SigningTemplate[]>(isStaff ? TEMPLATES_PATH : null);
}

type Person = { userId: string; name: string; email: string; role: string };
/** The client's benefits administrators and brokers, to pick recipients by name. */
export function useClientPeople(clientId: string, isStaff: boolean) {
  const key = (role: string) => (isStaff ? `/api/users/role/${role}?clientId=${enc(clientId)}` : null);
  const benAdmins = useSWR<Person[]>(key('BEN_ADMIN'));
  const brokers = useSWR<Person[]>(key('BROKER'));
  return [...(benAdmins.data ?? []), ...(brokers.data ?? [])];
}

/** Every write answers the form as it now is: the list shows it at once, then reads it again. */
export function useFormWrites(clientId: string) {
  const { mutate } = useSWRConfig();
  const key = formsPath(clientId);
  const refresh = async (form?: OnboardingForm | null) => {
    if (form)
      await mutate<OnboardingForm[]>(
        key,
        (list) => {
          const rest = (list ?? []).filter((f) => f.onboardingFormId !== form.onboardingFormId);
          return [form, ...rest].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
        },
        { revalidate: false },
      );
    void mutate(key);
    void mutate(`${key}/ready-to-sign-recipients`);
  };
  return {
    refresh,
    send: async (body: {
      templateId: string;
      formName: string;
      recipients: { roleId: string; name: string; email: string; userId: string | null }[];
    }) => {
      const form = await apiRequest<OnboardingForm>('POST', key, { body });
      await refresh(form);
      return form;
    },
    // Platform §9: a reassignment waits up to 60 s and is not retried.
    reassign: async (
      formId: string,
      body: { recipientId: string; name: string; email: string; userId: string | null },
    ) => {
      let form: OnboardingForm;
      try {
        form = await apiRequest<OnboardingForm>('PUT', `${formPath(clientId, formId)}/reassign-recipient`, {
          body,
          signal: AbortSignal.timeout(REASSIGN_TIMEOUT_MS),
        });
      } catch (caught) {
        if (caught instanceof DOMException && caught.name === 'TimeoutError')
          throw new Error('The reassignment took too long. Please try again.', { cause: caught });
        throw caught;
      }
      await refresh(form);
    },
    voidForm: async (formId: string, reason: string) => {
      await apiRequest('DELETE', `${formPath(clientId, formId)}?reason=${enc(reason)}`);
      await refresh();
    },
    /** Gives a recipient's waiting signing link as long again (staff). */
    extendLink: async (formId: string, recipientId: string) => {
      const form = await apiRequest<OnboardingForm>(
        'POST',
        `${formPath(clientId, formId)}/recipients/${enc(recipientId)}/extend-link`,
      );
      await refresh(form);
      return form;
    },
    signingLink: (formId: string, recipientId: string) =>
      apiRequest<{ url: string; expiresAt: string }>(
        'POST',
        `${formPath(clientId, formId)}/embedded-view/${enc(recipientId)}`,
      ),
  };
}

/** Uploads a PDF as a new template (the body is the file itself). */
export async function uploadTemplate(file: File): Promise<SigningTemplate> {
  await ensureCsrfCookie();
  const response = await fetch(TEMPLATES_PATH, {
    method: 'POST',
    credentials: 'include',
    headers: {
      accept: 'application/json',
      'content-type': file.type || 'application/octet-stream',
      'x-file-name': enc(file.name),
      [CSRF_HEADER]: readCookie(document.cookie, CSRF_COOKIE) ?? '',
    },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
  if (!response.ok)
    throw new ApiError({
      status: response.status,
      code: body?.code ?? null,
      message: body?.message ?? 'The template could not be uploaded. Please try again.',
      fieldErrors: {},
      body,
    });
  return body as unknown as SigningTemplate;
}

export const saveTemplateFields = (templateId: string, roles: SigningRole[], fields: SigningField[]) =>
  apiRequest<SigningTemplate>('PUT', `${TEMPLATES_PATH}/${enc(templateId)}`, { body: { roles, fields } });

/** The signing view's calls, authorised by the link's token, then the session's. */
export const signingAction = <T>(
  clientId: string,
  formId: string,
  action: string,
  body: Record<string, unknown>,
) =>
  apiRequest<T>('PUT', `${formPath(clientId, formId)}/embedded-view-action/${action}`, {
    body,
    skipLoginRedirect: true,
  });

const opened = new Map<string, Promise<SigningSession>>();
/** Opens the view once per link (a link is single use, and React may mount a page twice). */
export function openSigningView(clientId: string, formId: string, token: string): Promise<SigningSession> {
  let session = opened.get(token);
  if (!session) {
    session = ensureCsrfCookie().then(() =>
      signingAction<SigningSession>(clientId, formId, 'open', { token }),
    );
    opened.set(token, session);
  }
  return session;
}
