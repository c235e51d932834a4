import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { EMPTY_STAMPS, ValidationError, type ClientView } from '@onboard/domain';
import {
  buildEifSummary,
  canonicalTimeZone,
  formatInstant,
  renderEifSummaryPdf,
  summaryFilename,
} from './summary-pdf.ts';
import { parseInput } from '@onboard/api-contract/express';
import { EifSummaryQuery, TZ_MESSAGE } from './routes.contract.ts';

const view: ClientView = {
  ...EMPTY_STAMPS,
  id: 'client-1',
  name: 'Lakeside Manufacturing Co.',
  version: 9,
  taxId: '123456789',
  employeesNumber: 240,
  implementationType: 'NEW_CASE',
  tasks: [{ id: 't1' }],
  eifStatus: 'signed',
  eifSignedAt: '2027-01-15T18:30:00.000Z',
  eifSignedBy: 'user-ben',
  eifSignerKind: 'BEN_ADMIN',
  policies: [
    { id: 'p1', slfPolicyNumber: '934781', primaryPolicy: true, slfCoverages: ['Dental', 'Vision'] },
  ],
  plans: [
    { id: 'plan-dental', benefitType: 'DENTAL', policyId: 'p1' },
    { id: 'plan-ltd', benefitType: 'LONG_TERM_DISABILITY', policyId: 'p1', salaryBased: true },
  ],
  contacts: [],
  locations: [],
  bills: [],
  subsidiaries: [],
  monthlyClaimsReportMailingLocations: [],
  employeeClasses: [],
  employeeClassPlans: [],
  pendingReviewCount: 1,
  pendingChanges: [
    {
      changeId: 'c1',
      action: 'update',
      entity: 'Client',
      entityId: 'client-1',
      attributes: { employeesNumber: 260 },
      previous: { employeesNumber: 240 },
      at: '2027-02-01T12:00:00.000Z',
      by: { userId: 'user-ben', role: 'BEN_ADMIN' },
    },
  ],
};
const options = {
  timeZone: 'America/New_York',
  generatedAt: new Date('2027-03-01T15:00:00.000Z'),
  names: new Map([['user-ben', 'Bea Admin']]),
};

async function pdfText(pdf: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe('the tz query', () => {
  const timeZoneOf = (tz: unknown) =>
    canonicalTimeZone(parseInput(EifSummaryQuery, tz === undefined ? {} : { tz }, 'query').tz);

  it('defaults to UTC and accepts IANA names', () => {
    expect(timeZoneOf(undefined)).toBe('UTC');
    expect(timeZoneOf('')).toBe('UTC');
    expect(timeZoneOf('America/Chicago')).toBe('America/Chicago');
  });

  it('rejects unknown zones and repeated parameters on query.tz', () => {
    for (const bad of ['Mars/Olympus', 'not a zone', ['UTC', 'UTC']]) {
      try {
        timeZoneOf(bad);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).validationError).toEqual({ 'query.tz': TZ_MESSAGE });
      }
    }
  });
});

describe('buildEifSummary', () => {
  const summary = buildEifSummary(view, options);

  it('shows the stamps in the requested zone with the signer by name', () => {
    expect(formatInstant('2027-01-15T18:30:00.000Z', 'America/New_York')).toBe('Jan 15, 2027, 1:30 PM EST');
    expect(summary.status).toEqual(
      expect.arrayContaining([
        { label: 'EIF status', value: 'Signed' },
        { label: 'Signed at', value: 'Jan 15, 2027, 1:30 PM EST' },
        { label: 'Signed by', value: 'Bea Admin' },
      ]),
    );
  });

  it('lists the client, then every visible step with its sub-steps, with the tax id formatted', () => {
    expect(summary.sections.map((s) => s.title)).toEqual([
      'Client',
      'Company information',
      'Plan administrators & billing',
      'Plan configuration & eligibility',
      'Other contract details',
    ]);
    const [overview, company] = summary.sections;
    const client = overview!.groups.find((g) => g.title === 'Client')!.lines;
    expect(client).toContainEqual({ label: 'Number of employees', value: '240' });
    expect(client).toContainEqual({ label: 'Implementation type', value: 'New case' });
    expect(client.map((l) => l.label)).not.toContain('Tasks');
    const policy = overview!.groups.find((g) => g.title === 'Policy 934781')!.lines;
    expect(policy).toContainEqual({ label: 'Coverages', value: 'Dental, Vision' });
    expect(policy).toContainEqual({ label: 'Plans', value: 'Dental, Long term disability' });
    expect(company!.groups.find((g) => g.title === 'Tax ID')!.lines).toEqual([
      { label: 'Federal Tax ID (EIN)', value: '12-3456789' },
    ]);
  });

  it('marks an answer a pending change would alter, beside the accepted value', () => {
    const withPending: ClientView = {
      ...view,
      pendingChanges: [
        {
          changeId: 'c2',
          action: 'update',
          entity: 'Client',
          entityId: 'client-1',
          attributes: { taxId: '987654321' },
          previous: { taxId: '123456789' },
          at: '2027-02-02T12:00:00.000Z',
          by: { userId: 'user-ben', role: 'BEN_ADMIN' },
        },
      ],
    };
    const company = buildEifSummary(withPending, options).sections[1]!;
    expect(company.groups.find((g) => g.title === 'Tax ID')!.lines).toEqual([
      { label: 'Federal Tax ID (EIN)', value: '12-3456789 (PENDING: 98-7654321)' },
    ]);
  });

  it('keeps pending changes apart and marked as pending', () => {
    expect(summary.pending).toEqual([
      {
        title: 'PENDING: Changed Client client-1',
        lines: [
          { label: 'Number of employees', value: '240 -> 260' },
          { label: 'Edited', value: 'Feb 1, 2027, 7:00 AM EST by Bea Admin' },
        ],
      },
    ]);
  });
});

describe('renderEifSummaryPdf', () => {
  it('writes a PDF whose text names the client, the tax id, the plans and the pending change', async () => {
    const pdf = await renderEifSummaryPdf(buildEifSummary(view, options), options.generatedAt);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Lakeside Manufacturing Co.',
      '12-3456789',
      'Company information',
      'Plan configuration & eligibility',
      'Long term disability',
      'PENDING: Changed Client client-1',
      'Signed by: Bea Admin',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('adds pages when the answers do not fit on one', async () => {
    const many = {
      ...view,
      plans: Array.from({ length: 80 }, (_, i) => ({ id: `p${i}`, benefitType: 'DENTAL' })),
    };
    const pdf = await renderEifSummaryPdf(buildEifSummary(many, options), options.generatedAt);
    expect((await getDocumentProxy(new Uint8Array(pdf))).numPages).toBeGreaterThan(1);
  });
});

describe('summaryFilename', () => {
  it('names the client and removes slashes, quotes and backslashes', () => {
    expect(summaryFilename(`O'Neil / "Sons" \\ Co`)).toBe('EIF summary - ONeil  Sons  Co.pdf');
  });
});
