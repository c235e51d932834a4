import { Router, type Request } from 'express';
import PDFDocument from 'pdfkit';
import { eifStream, loadAggregate, type EventStore, type SnapshotStore } from '@onboard/events';
import {
  NOT_ANSWERED,
  planBenefitTypeLabel,
  eifFormSummary,
  NotFoundError,
  eifCodec,
  formatTaxId,
  toClientView,
  type ClientView,
  type EifStamps,
  type PendingChange,
  contentDisposition,
  safeFilename,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { type Authenticate, requireClientReader } from '../http/context.ts';
import { getEifSummaryPdf } from './routes.contract.ts';
import { displayNames } from './names.ts';
import { loadSignaturesInWords, type SignaturesInWords } from './signatures.ts';

/**
 * GET /api/clients/{clientId}/eif-summary?tz= (platform §7): the client's EIF as a PDF download, with
 * the accepted answers grouped by step and the pending changes listed apart, marked as pending, so a
 * reader never mistakes an unreviewed edit for an accepted answer.
 */

export type SummaryDeps = { store: EventStore; snapshots?: SnapshotStore; authenticate: Authenticate };

export type SummaryLine = { label: string; value: string };
export type SummaryGroup = { title: string; lines: SummaryLine[] };
export type SummarySection = { title: string; groups: SummaryGroup[] };
export type EifSummary = {
  clientName: string;
  timeZone: string;
  generatedAt: string;
  status: SummaryLine[];
  sections: SummarySection[];
  pending: SummaryGroup[];
  /** Each signature with the sections it attested, and each confirmation of changes since (who, when, what). */
  signatures: SummaryGroup[];
};

/** The `tz` query value (checked by the contract) as a canonical zone name, UTC when absent. */
export const canonicalTimeZone = (tz: string | undefined): string =>
  tz ? new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone : 'UTC';

export function formatInstant(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

export const summaryFilename = (clientName: string) => safeFilename(`EIF summary - ${clientName}.pdf`);

// Attribute names as a reader of the form knows them; any other name is spelled out from its camelCase.
const ATTRIBUTE_LABELS: Record<string, string> = {
  taxId: 'Tax ID',
  employeesNumber: 'Number of employees',
  slfPolicyNumber: 'Policy number',
  primaryPolicy: 'Primary policy',
  slfCoverages: 'Coverages',
  issuedStateSitus: 'Situs state',
  policyEffective: 'Policy effective date',
  benefitType: 'Benefit type',
  policyId: 'Policy',
  salaryBased: 'Salary based',
  digitalEIF: 'Digital EIF',
};
// The client's identity as the carrier set it up; the answers follow, sub-step by sub-step.
const IDENTITY_ATTRIBUTES = ['employeesNumber', 'implementationType'] as const;

function attributeLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return ATTRIBUTE_LABELS[key] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

const enumLabel = (value: string) =>
  /^[A-Z0-9_]+$/.test(value) && value.includes('_')
    ? value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ')
    : value;

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return NOT_ANSWERED;
  if (key === 'taxId' && typeof value === 'string') return formatTaxId(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return enumLabel(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? 'None' : value.map((v) => formatValue(key, v)).join(', ');
  return JSON.stringify(value);
}

const linesOf = (attributes: Record<string, unknown>, skip: ReadonlySet<string> = new Set()) =>
  Object.entries(attributes)
    .filter(([key]) => !skip.has(key))
    .map(([key, value]) => ({ label: attributeLabel(key), value: formatValue(key, value) }));

export type SummaryOptions = {
  timeZone: string;
  generatedAt: Date;
  /** Display names for user ids in stamps and pending changes; an unknown id is shown as is. */
  names?: ReadonlyMap<string, string>;
  /** The form's signatures and their confirmations, in words. */
  signatures?: SignaturesInWords;
};

/** The client and each policy with its plans. */
function overviewSection(view: ClientView): SummarySection {
  const plansOf = (policyId: string) =>
    view.plans
      .filter((plan) => String(plan.policyId) === policyId)
      .map((plan) => planBenefitTypeLabel(String(plan.benefitType ?? plan.id)));
  return {
    title: 'Client',
    groups: [
      {
        title: 'Client',
        lines: [
          { label: 'Name', value: view.name || NOT_ANSWERED },
          ...linesOf(
            Object.fromEntries(
              IDENTITY_ATTRIBUTES.filter((key) => key in view).map((key) => [key, view[key]]),
            ),
          ),
        ],
      },
      ...view.policies.map((policy) => ({
        title: `Policy ${String(policy.slfPolicyNumber ?? policy.id)}`,
        lines: [
          ...linesOf(policy, new Set(['id', 'slfPolicyNumber'])),
          { label: 'Plans', value: plansOf(policy.id).join(', ') || 'None' },
        ],
      })),
    ],
  };
}

export function buildEifSummary(view: ClientView, options: SummaryOptions): EifSummary {
  const { timeZone } = options;
  const who = (userId: string | null) => (userId ? (options.names?.get(userId) ?? userId) : null);
  const when = (iso: string | null) => (iso ? formatInstant(iso, timeZone) : null);

  const stamp = (label: string, value: string | null): SummaryLine[] => (value ? [{ label, value }] : []);
  const s: EifStamps = view;
  const status: SummaryLine[] = [
    { label: 'EIF status', value: view.eifStatus === 'signed' ? 'Signed' : 'Not signed yet' },
    ...stamp('Signed at', when(s.eifSignedAt)),
    ...stamp('Signed by', who(s.eifSignedBy) ?? s.eifOutsideSignedBy),
    ...stamp('Signer', s.eifSignerKind ? enumLabel(s.eifSignerKind) : null),
    ...stamp('Changes ready for review at', when(s.deifChangesReadyForReviewAt)),
    ...stamp('Changes ready for review by', who(s.deifChangesReadyForReviewBy)),
    ...stamp('Changes accepted at', when(s.deifChangesAcceptedAt)),
    ...stamp('Changes accepted by', who(s.deifChangesAcceptedBy)),
    ...stamp('Changes declined at', when(s.deifChangesDeclinedAt)),
    ...stamp('Changes declined by', who(s.deifChangesDeclinedBy)),
    ...stamp('Decline reason', s.deifChangesDeclinedReason),
    ...stamp('Changes undone at', when(s.deifChangesUndoneAt)),
    ...stamp('Changes undone by', who(s.deifChangesUndoneBy)),
    { label: 'Pending changes', value: String(view.pendingReviewCount) },
  ];

  // Every visible step and sub-step, read through the same form definitions the browser renders.
  const sections: SummarySection[] = [
    overviewSection(view),
    ...eifFormSummary(view)
      .filter((step) => step.subSteps.length > 0)
      .map((step) => ({
        title: step.label,
        groups: step.subSteps.flatMap((subStep) =>
          subStep.groups.map((group) => ({
            title: group.title === subStep.label ? group.title : `${subStep.label} · ${group.title}`,
            lines: [
              ...(group.pending ? [{ label: 'PENDING', value: `${group.pending}, awaiting review` }] : []),
              ...group.lines.map((line) => ({
                label: line.label,
                value: line.pending === undefined ? line.value : `${line.value} (PENDING: ${line.pending})`,
              })),
            ],
          })),
        ),
      })),
  ];

  return {
    clientName: view.name,
    timeZone,
    generatedAt: formatInstant(options.generatedAt.toISOString(), timeZone),
    status,
    sections,
    pending: view.pendingChanges.map((change) => pendingGroup(change, who, when)),
    signatures: (options.signatures?.signatures ?? []).flatMap((signature) => [
      {
        title: `Signed by ${signature.signer}`,
        lines: [
          { label: 'Signed at', value: formatInstant(signature.at, timeZone) },
          { label: 'Sections attested', value: signature.sections.join(', ') },
          ...(signature.toConfirm.length > 0
            ? [{ label: 'Still to confirm', value: `${signature.toConfirm.length} accepted change(s)` }]
            : []),
        ],
      },
      ...signature.confirmations.map((confirmation) => ({
        title: `Changes confirmed by ${signature.signer} at ${formatInstant(confirmation.at, timeZone)}`,
        lines: confirmation.answers.map((answer) => ({
          label: `${answer.section} · ${answer.entity} · ${answer.question}`,
          value: `${answer.before} -> ${answer.after}`,
        })),
      })),
    ]),
  };
}

const ACTION_LABELS: Record<PendingChange['action'], string> = {
  create: 'Added',
  update: 'Changed',
  delete: 'Removed',
};

function pendingGroup(
  change: PendingChange,
  who: (userId: string | null) => string | null,
  when: (iso: string | null) => string | null,
): SummaryGroup {
  const attributes = Object.entries(change.attributes).map(([key, value]) => ({
    label: attributeLabel(key),
    value:
      change.action === 'update' && key in change.previous
        ? `${formatValue(key, change.previous[key])} -> ${formatValue(key, value)}`
        : formatValue(key, value),
  }));
  return {
    title: `PENDING: ${ACTION_LABELS[change.action]} ${change.entity} ${change.entityId}`,
    lines: [...attributes, { label: 'Edited', value: `${when(change.at)} by ${who(change.by.userId)}` }],
  };
}

/** Lays the summary out with pdfkit's standard Helvetica; pdfkit wraps lines and adds pages itself. */
export function renderEifSummaryPdf(summary: EifSummary, createdAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `EIF summary - ${summary.clientName}`, Author: 'Onboard', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const line = ({ label, value }: SummaryLine) => {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  };
  const group = ({ title, lines }: SummaryGroup) => {
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).text(title);
    lines.forEach(line);
  };

  doc.font('Helvetica-Bold').fontSize(18).text('EIF summary');
  doc.fontSize(14).text(summary.clientName);
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(`Generated ${summary.generatedAt}. Times are shown in ${summary.timeZone}.`);
  doc.fillColor('black').moveDown();
  summary.status.forEach(line);

  for (const section of summary.sections) {
    doc.moveDown().font('Helvetica-Bold').fontSize(14).text(section.title);
    section.groups.forEach(group);
  }

  if (summary.signatures.length > 0) {
    doc.moveDown().font('Helvetica-Bold').fontSize(14).text('Signatures and confirmations');
    summary.signatures.forEach(group);
  }

  doc.moveDown().font('Helvetica-Bold').fontSize(14).text('Pending changes (not yet accepted)');
  if (summary.pending.length === 0) doc.font('Helvetica').fontSize(10).text('None.');
  else {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('These edits await review and are not part of the accepted answers above.');
    summary.pending.forEach(group);
  }
  doc.end();
  return done;
}

const userIdsOf = (view: ClientView) => [
  ...[
    view.eifSignedBy,
    view.deifChangesReadyForReviewBy,
    view.deifChangesAcceptedBy,
    view.deifChangesDeclinedBy,
    view.deifChangesUndoneBy,
  ].filter((id): id is string => typeof id === 'string'),
  ...view.pendingChanges.map((c) => c.by.userId),
];

/**
 * The client's EIF summary as PDF bytes at `at`, times shown in `timeZone`; null when there is no such
 * client. The download route and the evidence pack both render it here.
 */
export async function eifSummaryPdf(
  deps: Pick<SummaryDeps, 'store' | 'snapshots'>,
  clientId: string,
  options: { timeZone: string; at: Date },
): Promise<{ view: ClientView; pdf: Buffer } | null> {
  const loaded = await loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream: eifStream(clientId),
    codec: eifCodec,
  });
  const view = toClientView(loaded.state, loaded.revision);
  if (!view) return null;
  const summary = buildEifSummary(view, {
    timeZone: options.timeZone,
    generatedAt: options.at,
    names: await displayNames(deps.store, userIdsOf(view)),
    signatures:
      (await loadSignaturesInWords(deps.store, clientId, (ids) => displayNames(deps.store, ids))) ??
      undefined,
  });
  return { view, pdf: await renderEifSummaryPdf(summary, options.at) };
}

export function eifSummaryRoutes(deps: SummaryDeps, now: () => Date = () => new Date()): Router {
  const router = Router();
  mount(router, getEifSummaryPdf, async (req: Request, res, input) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    const timeZone = canonicalTimeZone(input.query().tz);
    const rendered = await eifSummaryPdf(deps, clientId, { timeZone, at: now() });
    if (!rendered) throw new NotFoundError('Client not found');
    res.set({
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(summaryFilename(rendered.view.name)),
      'cache-control': 'no-store',
    });
    res.send(rendered.pdf);
  });
  return router;
}
