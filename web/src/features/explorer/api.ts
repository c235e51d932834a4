import useSWR from 'swr';
import type { DemoEnrollmentStatus } from '@onboard/domain/web';
import type { Answer, Body, Read } from '../../api/client.ts';
import { postPublic, readPublic } from '../../api/public.ts';

/**
 * GET /api/explorer-pages/{idOrSlug} (query-api/src/explorer publicView): only what the public site needs;
 * staff fields are not in the anonymous answer.
 */
export type ExplorerPageView = Read<'/api/explorer-pages/{idOrSlug}'>;
/** A plan as the page answer carries it: fixed fields plus the comparison extras of explorer §3. */
export type ExplorerPlanView = ExplorerPageView['benefits'][number];
export type ExplorerDocumentView = ExplorerPageView['documents'][number];

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

export type LeadBody = Body<'post', '/api/explorer-pages/lead-generation/send'>;

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
export type HumanCheckChallenge = Answer<'post', '/api/explorer-pages/human-check'>;

/** POST /api/explorer-pages/human-check: a fresh challenge (command-api/src/explorer/human-check.ts). */
export async function fetchHumanCheck(): Promise<HumanCheckChallenge> {
  const response = await postPublic('/api/explorer-pages/human-check', {}, {});
  if (!response.ok) throw new Error(`human check answered ${response.status}`);
  return (await response.json()) as HumanCheckChallenge;
}

export type EmailBenefitsBody = Body<'post', '/api/explorer-pages/{explorerPageId}/email-benefits'>;

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
