import useSWR from 'swr';
import type { BenefitType, DemoEnrollmentStatus, BenefitTypeMetadata } from '@onboard/domain/web';
import { postPublic, readPublic } from '../../api/public.ts';

/** A plan as the page answer carries it: fixed fields plus the comparison extras of explorer §3. */
export type ExplorerPlanView = {
  id: string;
  benefitType: BenefitType;
  planName: string;
  planType?: string | null;
  legalEntity?: string | null;
  premium?: string | null;
  prepaidSitusState?: string | null;
  isNew?: boolean | null;
  [field: string]: unknown;
};

/**
 * GET /api/explorer-pages/{idOrSlug} (query-api/src/explorer/routes.ts publicView): only what the public
 * site needs; staff fields are not in the anonymous answer.
 */
export type ExplorerPageView = {
  id: string;
  explorerPageId: string;
  name: string;
  planYear: string;
  employerState: string;
  customClientName: string | null;
  /** explorer §2 Logo: the client's own logo (a document of the page) and the flag hiding the provider's. */
  logoDocumentId: string | null;
  hideProviderLogo: boolean | null;
  /** The non-provider variant's footer: the third-party administrator and its links. */
  administratorName: string | null;
  administratorWebsiteUrl: string | null;
  administratorPrivacyUrl: string | null;
  startsAt: string | null;
  maintenanceMode: boolean | null;
  openEnrollmentStart: string | null;
  openEnrollmentEnd: string | null;
  benAdminPlatformUrl: string | null;
  benefitTypeMetadata: Partial<Record<BenefitType, BenefitTypeMetadata>>;
  customBranding: boolean | null;
  customThemeBrandColor: string | null;
  customThemeContrastingColor: string | null;
  languageFeatureToggle: boolean;
  largeClientFeatureToggle: boolean;
  /** explorer §2: the toggle is on and the client is not large (worked out by the server). */
  showsLanguageDialog: boolean;
  /** platform §9: the department a chat from this page goes to. */
  supportChat: { department: string };
  documents: ExplorerDocumentView[];
  medicalVideo: string | null;
  medicalVideoEnglishTitle: string | null;
  medicalVideoSpanishTitle: string | null;
  medicalVideoDocumentId: string | null;
  vidyardId: string | null;
  /** explorer §3: section headings show their plan counts. */
  showBenefitCount: boolean | null;
  /** explorer §3 contact options, read by contactOptions for the support panel. */
  enableContactUsLiveChat: boolean | null;
  enableContactUsAppointment: boolean | null;
  enableContactUsEmail: boolean | null;
  customCalendlyLink: string | null;
  benefits: ExplorerPlanView[];
  isLive: boolean;
  enrollmentStatus: DemoEnrollmentStatus;
};

export type ExplorerDocumentView = {
  documentId: string;
  documentKey: string;
  name: string;
  benefitType: BenefitType | null;
  language: string | null;
};

/** A document of the page (summary, video, logo), served from the page's own document path. */
export const documentUrl = (explorerPageId: string, documentId: string) =>
  `/api/explorer-pages/${encodeURIComponent(explorerPageId)}/documents/${encodeURIComponent(documentId)}`;

export class ExplorerNotFound extends Error {}

async function getPage([, idOrSlug, demoStatus]: PageKey): Promise<ExplorerPageView> {
  const query = demoStatus ? { demoEnrollmentStatus: demoStatus } : {};
  const response = await readPublic('/api/explorer-pages/{idOrSlug}', { idOrSlug }, query);
  if (response.status === 404) throw new ExplorerNotFound('Explorer site not found');
  if (!response.ok) throw new Error(`Explorer page answered ${response.status}`);
  return (await response.json()) as ExplorerPageView;
}

type PageKey = readonly ['explorer-page', string, DemoEnrollmentStatus | null];

/** The site, read anonymously; a missing site is not retried. */
export function useExplorerPage(idOrSlug: string, demoStatus: DemoEnrollmentStatus | null) {
  return useSWR(['explorer-page', idOrSlug, demoStatus] as PageKey, getPage, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: (error) => !(error instanceof ExplorerNotFound),
  });
}

export type LeadBody = {
  explorerPageId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  phone: string;
  externalUser: string;
  employerName: string;
  brokerName: string;
};

export type LeadOutcome =
  | { ok: true }
  | {
      ok: false;
      fieldErrors: Record<string, string>;
      isGeneral: boolean;
      /** A 429: how long to wait, in whole minutes (from Retry-After). */
      retryAfterMinutes?: number;
    };

/** A 429's wait in whole minutes, from its Retry-After seconds (at least one). */
export const retryAfterMinutes = (response: Response): number =>
  Math.max(1, Math.ceil(Number(response.headers.get('retry-after') ?? 60) / 60) || 1);

/**
 * POST /api/explorer-pages/lead-generation/send with the CSRF header. Field errors lose their `body.`
 * prefix; a plain string error belongs to the email field (explorer §7, §8).
 */
export async function sendLead(body: LeadBody): Promise<LeadOutcome> {
  return postForm(() => postPublic('/api/explorer-pages/lead-generation/send', {}, body));
}

async function postForm(send: () => Promise<Response>): Promise<LeadOutcome> {
  let response: Response;
  try {
    response = await send();
  } catch {
    return { ok: false, fieldErrors: {}, isGeneral: true };
  }
  if (response.ok) return { ok: true };
  if (response.status === 429)
    return { ok: false, fieldErrors: {}, isGeneral: true, retryAfterMinutes: retryAfterMinutes(response) };
  const answer: unknown = await response.json().catch(() => null);
  return { ok: false, ...leadErrorsOf(answer) };
}

/** An ALTCHA proof-of-work challenge, as command-api/src/explorer/human-check.ts issues it. */
export type HumanCheckChallenge = {
  challenge: { parameters: { nonce: string } & Record<string, unknown>; signature?: string };
  expiresAt: string;
};

/** POST /api/explorer-pages/human-check: a fresh challenge (command-api/src/explorer/human-check.ts). */
export async function fetchHumanCheck(): Promise<HumanCheckChallenge> {
  const response = await postPublic('/api/explorer-pages/human-check', {}, {});
  if (!response.ok) throw new Error(`human check answered ${response.status}`);
  return (await response.json()) as HumanCheckChallenge;
}

export type EmailBenefitsBody = {
  email: string;
  benefits: string[];
  recaptchaToken: string;
  language: string;
};

/** POST /api/explorer-pages/{id}/email-benefits (explorer §5 Explorer email send). */
export function sendSelectedBenefits(explorerPageId: string, body: EmailBenefitsBody): Promise<LeadOutcome> {
  return postForm(() =>
    postPublic('/api/explorer-pages/{explorerPageId}/email-benefits', { explorerPageId }, body),
  );
}

export function leadErrorsOf(answer: unknown): { fieldErrors: Record<string, string>; isGeneral: boolean } {
  if (typeof answer === 'string') return { fieldErrors: { email: answer }, isGeneral: false };
  const record = (answer ?? {}) as Record<string, unknown>;
  const validation = record.validationError;
  if (typeof validation === 'string') return { fieldErrors: { email: validation }, isGeneral: false };
  if (validation && typeof validation === 'object') {
    const fieldErrors: Record<string, string> = {};
    for (const [key, message] of Object.entries(validation as Record<string, unknown>)) {
      fieldErrors[key.replace(/^body\./, '')] = String(message);
    }
    return { fieldErrors, isGeneral: false };
  }
  if (typeof record.error === 'string') return { fieldErrors: { email: record.error }, isGeneral: false };
  return { fieldErrors: {}, isGeneral: true };
}
