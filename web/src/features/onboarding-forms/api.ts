import { useSWRConfig } from 'swr';
import { ensureCsrfCookie } from '../../api/http.ts';
import { call, readKey, useRead, type Answer, type Body, type Read } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';

export type OnboardingForm = Read<'/api/clients/{clientId}/onboarding-forms'>[number];
export type ReadyRecipient =
  Read<'/api/clients/{clientId}/onboarding-forms/ready-to-sign-recipients'>[number];
export type SigningTemplate = Answer<'post', '/api/onboarding-form-templates'>;
export type SigningRole = SigningTemplate['roles'][number];
export type SigningField = SigningTemplate['fields'][number];
export type FieldKind = SigningField['kind'];
type SigningActionPath =
  '/api/clients/{clientId}/onboarding-forms/{onboardingFormId}/embedded-view-action/{action}';
export type SigningSession = Extract<Answer<'put', SigningActionPath>, { sessionToken: string }>;

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

export const useOnboardingForms = (clientId: string) =>
  useRead('/api/clients/{clientId}/onboarding-forms', { clientId }, undefined, {
    refreshInterval: (forms) => (forms?.some((f) => f.waitingForWebhook) ? PENDING_REFRESH_MS : 0),
  });

const readyKey = (clientId: string) =>
  readKey('/api/clients/{clientId}/onboarding-forms/ready-to-sign-recipients', { clientId });

export const useReadyToSign = (clientId: string) =>
  useRead('/api/clients/{clientId}/onboarding-forms/ready-to-sign-recipients', { clientId });

export const useTemplates = (isStaff: boolean) =>
  useRead('/api/onboarding-form-templates', isStaff ? {} : null);

/** The client's benefits administrators and brokers, to pick recipients by name. */
export function useClientPeople(clientId: string, isStaff: boolean) {
  const params = (role: 'BEN_ADMIN' | 'BROKER') => (isStaff ? { role } : null);
  const benAdmins = useRead('/api/users/role/{role}', params('BEN_ADMIN'), { clientId });
  const brokers = useRead('/api/users/role/{role}', params('BROKER'), { clientId });
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
    void mutate(readyKey(clientId));
  };
  return {
    refresh,
    send: async (body: Body<'post', '/api/clients/{clientId}/onboarding-forms'>) => {
      const form = await call('post', '/api/clients/{clientId}/onboarding-forms', {
        params: { clientId },
        body,
      });
      await refresh(form);
      return form;
    },
    // Platform §9: a reassignment waits up to 60 s and is not retried.
    reassign: async (
      onboardingFormId: string,
      body: Body<'put', '/api/clients/{clientId}/onboarding-forms/{onboardingFormId}/reassign-recipient'>,
    ) => {
      let form: OnboardingForm;
      try {
        form = await call(
          'put',
          '/api/clients/{clientId}/onboarding-forms/{onboardingFormId}/reassign-recipient',
          {
            params: { clientId, onboardingFormId },
            body,
            signal: AbortSignal.timeout(REASSIGN_TIMEOUT_MS),
          },
        );
      } catch (caught) {
        if (caught instanceof DOMException && caught.name === 'TimeoutError')
          throw new Error('The reassignment took too long. Please try again.', { cause: caught });
        throw caught;
      }
      await refresh(form);
    },
    voidForm: async (onboardingFormId: string, reason: string) => {
      await call('delete', '/api/clients/{clientId}/onboarding-forms/{onboardingFormId}', {
        params: { clientId, onboardingFormId },
        query: { reason },
      });
      await refresh();
    },
    /** Gives a recipient's waiting signing link as long again (staff). */
    extendLink: async (onboardingFormId: string, recipientId: string) => {
      const form = await call(
        'post',
        '/api/clients/{clientId}/onboarding-forms/{onboardingFormId}/recipients/{recipientId}/extend-link',
        { params: { clientId, onboardingFormId, recipientId } },
      );
      await refresh(form);
      return form;
    },
    signingLink: (onboardingFormId: string, recipientId: string) =>
      call(
        'post',
        '/api/clients/{clientId}/onboarding-forms/{onboardingFormId}/embedded-view/{recipientId}',
        {
          params: { clientId, onboardingFormId, recipientId },
        },
      ),
  };
}

/** Uploads a PDF as a new template (the body is the file itself). */
export const uploadTemplate = (file: File) =>
  upload('/api/onboarding-form-templates', { params: {}, body: file });

export const saveTemplateFields = (templateId: string, roles: SigningRole[], fields: SigningField[]) =>
  call('put', '/api/onboarding-form-templates/{templateId}', {
    params: { templateId },
    body: { roles, fields },
  });

/** The signing view's calls, authorised by the link's token, then the session's. */
export const signingAction = (
  clientId: string,
  onboardingFormId: string,
  action: string,
  body: Body<'put', SigningActionPath>,
) =>
  call('put', '/api/clients/{clientId}/onboarding-forms/{onboardingFormId}/embedded-view-action/{action}', {
    params: { clientId, onboardingFormId, action },
    body,
    skipLoginRedirect: true,
  });

const opened = new Map<string, Promise<SigningSession>>();
/** Opens the view once per link (a link is single use, and React may mount a page twice). */
export function openSigningView(clientId: string, formId: string, token: string): Promise<SigningSession> {
  let session = opened.get(token);
  if (!session) {
    session = ensureCsrfCookie().then(() =>
      signingAction(clientId, formId, 'open', { token }).then((answer) => answer as SigningSession),
    );
    opened.set(token, session);
  }
  return session;
}
