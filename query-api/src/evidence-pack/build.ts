import { createHash } from 'node:crypto';
import {
  AFRelationship,
  type PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import {
  clientStream,
  eifStream,
  emailRulesStream,
  envelopeStream,
  personalDataStream,
  resourceStream,
  serialisePosition,
  signaturesStream,
  taskStream,
  comparePositions,
  type EventStore,
  type RecordedEvent,
  type SnapshotStore,
} from '@onboard/events';
import { CHAIN_GENESIS, buildChain, describeLink, type ChainLink } from '@onboard/domain';
import { eifSummaryPdf } from '../eif/summary-pdf.ts';
import {
  EVIDENCE_FORMAT,
  EVIDENCE_RECORD_NAME,
  type EvidenceRecord,
  type PageSpan,
  type SignatureAuditEntry,
  type SignedFormEvidence,
} from './types.ts';

const sha256Hex = (bytes: Uint8Array | string) =>
  createHash('sha256')
    .update(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes)
    .digest('hex');

/** The streams that make up a client's onboarding, in the event store (with its signed forms' envelopes). */
const clientStreams = (clientId: string, envelopeIds: readonly string[] = []) => [
  clientStream(clientId),
  eifStream(clientId),
  signaturesStream(clientId),
  taskStream(clientId),
  resourceStream(clientId),
  emailRulesStream(clientId),
  personalDataStream(clientId),
  ...envelopeIds.map(envelopeStream),
];

/** Every event of the client's streams, in the order the store committed them. */
async function clientEvents(
  store: EventStore,
  clientId: string,
  envelopeIds: readonly string[] = [],
): Promise<RecordedEvent[]> {
  const streams = await Promise.all(clientStreams(clientId, envelopeIds).map((s) => store.readStream(s)));
  return streams
    .flat()
    .sort((a, b) => comparePositions(a.position, b.position) || a.streamName.localeCompare(b.streamName));
}

const CHAIN_RULE =
  'link i = SHA-256(link i-1 || canonical JSON of {stream, revision, type, data, time}), link 0 = 64 zeros';

function chainOf(events: readonly RecordedEvent[]): ChainLink[] {
  return buildChain(
    sha256Hex,
    events.map((e) => ({
      stream: e.streamName,
      revision: Number(e.revision),
      type: e.type,
      data: e.data,
      time: e.metadata.occurredAt,
      storePosition: serialisePosition(e.position),
    })),
  );
}

const ACTION_LABELS: Record<SignatureAuditEntry['action'], string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
  reassigned: 'Reassigned',
  voided: 'Voided',
  completed: 'Completed',
};

const utc = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
};

/** A small page writer: Helvetica, US Letter, wraps lines and turns pages. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly margin = 54;
  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  newPage() {
    this.page = this.doc.addPage([612, 792]);
    this.y = 792 - this.margin;
  }

  /** Text the standard font can draw: anything outside WinAnsi becomes '?'. */
  private safe(text: string, font: PDFFont) {
    const known = new Set(font.getCharacterSet());
    return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : c === '\t' ? ' ' : '?')).join('');
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.safe(text, font).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (font.widthOfTextAtSize(candidate, size) <= width || line === '') {
          // A single word longer than the line (a hash) is cut where it no longer fits.
          if (font.widthOfTextAtSize(candidate, size) > width && line === '') {
            let part = '';
            for (const ch of candidate) {
              if (font.widthOfTextAtSize(part + ch, size) > width) {
                lines.push(part);
                part = '';
              }
              part += ch;
            }
            line = part;
          } else line = candidate;
        } else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; gray?: boolean; indent?: number; after?: number } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const x = this.margin + (options.indent ?? 0);
    for (const line of this.wrap(text, font, size, 612 - this.margin - x)) {
      if (this.y - size < this.margin) this.newPage();
      this.y -= size * 1.25;
      this.page.drawText(line, {
        x,
        y: this.y,
        size,
        font,
        color: options.gray ? rgb(0.33, 0.33, 0.33) : rgb(0, 0, 0),
      });
    }
    this.y -= options.after ?? 2;
  }

  gap(points = 8) {
    this.y -= points;
  }
}

/**
 * Attaches a file uncompressed, so that its bytes in the pack are the file's own bytes: a reader (or a
 * verifier) finds them as they were hashed.
 */
function attachRaw(doc: PDFDocument, name: string, bytes: Uint8Array, mimeType: string, description: string) {
  const context = doc.context;
  const stream = context.stream(bytes, {
    Type: 'EmbeddedFile',
    Subtype: mimeType,
    Params: { Size: bytes.length },
  });
  const streamRef = context.register(stream);
  const spec = context.obj({
    Type: 'Filespec',
    F: PDFString.of(name),
    UF: PDFHexString.fromText(name),
    EF: { F: streamRef },
    Desc: PDFHexString.fromText(description),
    AFRelationship: AFRelationship.Source,
  });
  return { name, ref: context.register(spec) };
}

export type EvidencePackInput = {
  clientId: string;
  clientName: string;
  generatedAt: Date;
  forms: SignedFormEvidence[];
  eifSummary: Uint8Array;
  events: RecordedEvent[];
};

/** The unsigned pack: readable pages, the attachments and the evidence record. Sealing signs it. */
export async function composeEvidencePack(input: EvidencePackInput): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Evidence pack - ${input.clientName}`);
  doc.setAuthor('Onboard');
  doc.setSubject('Sealed evidence of a client onboarding');
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, regular, bold);
  const chain = chainOf(input.events);
  const head = chain.at(-1)?.hash ?? CHAIN_GENESIS;

  // The cover.
  w.newPage();
  w.text('Evidence pack', { size: 22, bold: true, after: 6 });
  w.text(input.clientName, { size: 15, bold: true, after: 4 });
  w.text(`Generated ${utc(input.generatedAt.toISOString())}. Times are shown in UTC.`, {
    gray: true,
    size: 9,
  });
  w.gap(10);
  w.text('Contents', { size: 13, bold: true, after: 4 });
  w.text(
    input.forms.length === 0
      ? 'Signed onboarding forms: none completed yet.'
      : `Signed onboarding forms (${input.forms.length}), each followed by its signature audit trail: ${input.forms.map((f) => f.formName).join(', ')}.`,
  );
  w.text('The EIF summary, with its signatures and each confirmation of the changes accepted since.');
  w.text(
    `Appendix: the hash chain over the ${chain.length} events of the client's onboarding records (head ${head}).`,
  );
  w.gap(10);
  w.text('How to check this pack', { size: 13, bold: true, after: 4 });
  w.text(
    'This PDF is sealed with the carrier\u2019s digital signature (PAdES). Each signed form, the EIF summary and ' +
      'the evidence record (evidence.json) are attached to it. `npm run verify-evidence -- <file>` checks the ' +
      'signature over the whole file, each attachment\u2019s hash against the record and the signature audit ' +
      'trails, and recomputes the event chain link by link; it names the first check that does not hold.',
  );

  // Each signed form as signed, then its audit trail.
  const formsRecord: EvidenceRecord['forms'] = [];
  const attachments: Array<{ name: string; ref: ReturnType<typeof attachRaw>['ref'] }> = [];
  for (const [i, form] of input.forms.entries()) {
    const source = await PDFDocument.load(form.pdf, { updateMetadata: false });
    const copied = await doc.copyPages(source, source.getPageIndices());
    const first = doc.getPageCount() + 1;
    copied.forEach((p) => doc.addPage(p));
    const sha256 = sha256Hex(form.pdf);
    w.newPage();
    w.text(`Signature audit trail: ${form.formName}`, { size: 15, bold: true, after: 4 });
    w.text(`Completed ${utc(form.completedAt)}. Document SHA-256 ${sha256}.`, { gray: true, size: 9 });
    w.gap(6);
    for (const entry of form.audit) {
      w.text(
        `${ACTION_LABELS[entry.action]} - ${entry.recipientName} <${entry.recipientEmail}> (${entry.role}), ${utc(entry.at)}`,
        { bold: true },
      );
      w.text(`IP address: ${entry.ipAddress ?? 'not recorded'}`, { indent: 12 });
      w.text(`User agent: ${entry.userAgent ?? 'not recorded'}`, { indent: 12 });
      w.text(`Document hash before: ${entry.hashBefore ?? 'none'}`, { indent: 12, size: 8 });
      w.text(`Document hash after: ${entry.hashAfter ?? 'none'}`, { indent: 12, size: 8, after: 6 });
    }
    const attachment = `${i + 1}. ${form.formName.replace(/[\\/:*?"<>|]/g, '-')}.pdf`;
    attachments.push(
      attachRaw(doc, attachment, form.pdf, 'application/pdf', `Signed form: ${form.formName}`),
    );
    formsRecord.push({
      envelopeId: form.envelopeId,
      formName: form.formName,
      completedAt: form.completedAt,
      attachment,
      sha256,
      pages: { first, count: copied.length },
      audit: form.audit,
    });
  }

  // The EIF summary.
  const summary = await PDFDocument.load(input.eifSummary, { updateMetadata: false });
  const summaryPages = await doc.copyPages(summary, summary.getPageIndices());
  const summarySpan: PageSpan = { first: doc.getPageCount() + 1, count: summaryPages.length };
  summaryPages.forEach((p) => doc.addPage(p));
  attachments.push(
    attachRaw(doc, 'EIF summary.pdf', input.eifSummary, 'application/pdf', 'The EIF summary as signed'),
  );

  // The appendix: the chain, readable.
  w.newPage();
  w.text('Appendix: event chain', { size: 15, bold: true, after: 4 });
  w.text(CHAIN_RULE, { gray: true, size: 9 });
  w.text(`${chain.length} events; head ${head}.`, { gray: true, size: 9, after: 8 });
  for (const link of chain) {
    w.text(
      `L${describeLink(link).slice(1)}: ${link.type}, ${utc(link.time)}, store position ${link.storePosition}`,
      {
        size: 9,
        bold: true,
        after: 0,
      },
    );
    w.text(link.hash, { size: 8, indent: 12, gray: true, after: 3 });
  }

  const record: EvidenceRecord = {
    format: EVIDENCE_FORMAT,
    clientId: input.clientId,
    clientName: input.clientName,
    generatedAt: input.generatedAt.toISOString(),
    forms: formsRecord,
    eifSummary: { attachment: 'EIF summary.pdf', sha256: sha256Hex(input.eifSummary), pages: summarySpan },
    chain: {
      rule: CHAIN_RULE,
      genesis: CHAIN_GENESIS,
      head,
      streams: clientStreams(
        input.clientId,
        input.forms.map((f) => f.envelopeId),
      ),
      links: chain,
    },
  };
  // One event per line, so that the record reads (and a damaged link is found) line by line.
  const recordText = `{\n${Object.entries(record)
    .map(([key, value]) =>
      key === 'chain'
        ? `"chain":{${Object.entries(record.chain)
            .map(([k, v]) =>
              k === 'links'
                ? `"links":[\n${record.chain.links.map((l) => JSON.stringify(l)).join(',\n')}\n]`
                : `${JSON.stringify(k)}:${JSON.stringify(v)}`,
            )
            .join(',')}}`
        : `${JSON.stringify(key)}:${JSON.stringify(value)}`,
    )
    .join(',\n')}\n}\n`;
  attachments.push(
    attachRaw(
      doc,
      EVIDENCE_RECORD_NAME,
      Buffer.from(recordText, 'utf8'),
      'application/json',
      'The evidence record: hashes of the attachments, the audit trails and the event chain',
    ),
  );

  const names = [...attachments].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const namesArray = doc.context.obj(names.flatMap((a) => [PDFHexString.fromText(a.name), a.ref]));
  const tree = doc.context.obj({ Names: namesArray });
  const catalogNames = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict) ?? doc.context.obj({});
  catalogNames.set(PDFName.of('EmbeddedFiles'), doc.context.register(tree));
  doc.catalog.set(PDFName.of('Names'), catalogNames);
  doc.catalog.set(PDFName.of('AF'), doc.context.obj(attachments.map((a) => a.ref)) as PDFArray);
  return doc;
}

export type EvidencePackDeps = {
  store: EventStore;
  snapshots?: SnapshotStore;
  signedForms: (clientId: string) => Promise<SignedFormEvidence[]>;
};

/** Gathers a client's evidence and composes the unsigned pack; null when there is no such client. */
export async function gatherEvidencePack(
  deps: EvidencePackDeps,
  clientId: string,
  at: Date,
): Promise<{ clientName: string; doc: PDFDocument } | null> {
  const summary = await eifSummaryPdf(deps, clientId, { timeZone: 'UTC', at });
  if (!summary) return null;
  const forms = await deps.signedForms(clientId);
  const events = await clientEvents(
    deps.store,
    clientId,
    forms.map((f) => f.envelopeId),
  );
  const doc = await composeEvidencePack({
    clientId,
    clientName: summary.view.name,
    generatedAt: at,
    forms,
    eifSummary: summary.pdf,
    events,
  });
  return { clientName: summary.view.name, doc };
}
