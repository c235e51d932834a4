import { describe, expect, it } from 'vitest';
import type { CensusEvent } from '@onboard/events';
import { givenWhenThen, eventsOf, refusalOf } from '../testing/given-when-then.ts';
import { censusDecider, censusGrid, replacementCells, type CensusCommand } from './decider.ts';
import type { CensusRevalidation } from './corrections.ts';
import { reportBuilder } from './report.ts';
import { REQUIRED_COLUMNS, type CensusRow } from './fields.ts';
import type { CensusIssue } from './rules.ts';

const given = givenWhenThen(censusDecider);
const ref = { clientId: 'c1', policyId: 'p1', documentId: 'd1' };
const by = { userId: 'u1', role: 'BEN_ADMIN' };
const at = '2026-11-25T10:00:00.000Z';
const headers = [
  'Employee ID',
  'First name',
  'Last name',
  'SSN',
  'Date of birth',
  'Hire date',
  'Employee class',
  'Hours per week',
  'Location',
  'State',
  'ZIP',
  'Salary',
];
const mapping = Object.fromEntries(REQUIRED_COLUMNS.map((f, i) => [f, i]));

const uploaded: CensusEvent = {
  type: 'CensusUploaded',
  data: { ...ref, fileName: 'census.csv', format: 'CSV', size: 10, headers, mapping, at, by },
};
const confirmed: CensusEvent = {
  type: 'CensusMappingConfirmed',
  data: { ...ref, mapping, source: 'HRIS', at, by },
};
/** The file validated with these rows' issues, compared with nothing. */
const validatedWith = (
  issues: CensusIssue[][],
  more: { errorWorkbookDocumentId: string | null; rows?: { row: number; cells: CensusRow }[] } = {
    errorWorkbookDocumentId: null,
  },
): CensusEvent => {
  const report = reportBuilder();
  for (const row of issues) report.addRow(row);
  return {
    type: 'CensusValidated',
    data: { ...ref, report: report.build(), changes: null, comparedWith: null, ...more, at },
  };
};
const validated = (errors: number): CensusEvent =>
  validatedWith(
    Array.from({ length: errors }, (_, i) => [
      { row: i + 2, field: 'ssn', rule: 'SSN_FORMAT', severity: 'ERROR', message: 'SSN' },
    ]),
  );
const submit: CensusCommand = { type: 'SubmitCensus', data: ref, metadata: { at, by } };

describe('census decider', () => {
  it('given an uploaded file, when its mapping leaves out a required column, then it is refused naming it', () => {
    const { ssn: _ssn, ...withoutSsn } = mapping;
    const refusal = refusalOf(
      given(uploaded).when({
        type: 'ConfirmCensusMapping',
        data: { ...ref, mapping: withoutSsn, source: 'MANUAL' },
        metadata: { at, by },
      }),
    );
    expect(refusal).toMatchObject({ code: 'INVALID', message: 'The file has no column for SSN' });
  });

  it('given a validated census with errors, when it is submitted, then it is refused', () => {
    expect(refusalOf(given(uploaded, confirmed, validated(2)).when(submit)).code).toBe('HAS_ERRORS');
  });

  it('given a census still validating, when it is submitted, then it is refused', () => {
    expect(refusalOf(given(uploaded, confirmed).when(submit)).code).toBe('NOT_VALIDATED');
  });

  it('given a validated census without errors, when it is submitted, then it is recorded once', () => {
    const events = eventsOf(given(uploaded, confirmed, validated(0)).when(submit));
    expect(events).toEqual([{ type: 'CensusSubmitted', data: { ...ref, at, by } }]);
    expect(refusalOf(given(uploaded, confirmed, validated(0), ...events).when(submit)).code).toBe(
      'ALREADY_SUBMITTED',
    );
  });

  it('given a newer upload, when the older census is submitted, then it is refused as stale', () => {
    const newer: CensusEvent = { ...uploaded, data: { ...uploaded.data, documentId: 'd2' } } as CensusEvent;
    expect(refusalOf(given(uploaded, confirmed, validated(0), newer).when(submit)).code).toBe('STALE');
  });

  it('given an uploaded file, when it is renamed, then the trimmed name is recorded; an empty name is refused', () => {
    const rename = (fileName: string): CensusCommand => ({
      type: 'RenameCensusFile',
      data: { ...ref, fileName },
      metadata: { at, by },
    });
    expect(eventsOf(given(uploaded).when(rename(' March.csv ')))).toEqual([
      { type: 'CensusRenamed', data: { ...ref, fileName: 'March.csv', at, by } },
    ]);
    expect(eventsOf(given(uploaded).when(rename('census.csv')))).toEqual([]);
    expect(refusalOf(given(uploaded).when(rename(' ')))).toMatchObject({
      code: 'INVALID',
      message: 'Give the document a name',
    });
  });

  it('given a file, when it is deleted: only by its uploader or staff, never once submitted', () => {
    const remove = (who: { userId: string; role: string }): CensusCommand => ({
      type: 'DeleteCensusFile',
      data: ref,
      metadata: { at, by: who },
    });
    expect(refusalOf(given(uploaded).when(remove({ userId: 'u2', role: 'BROKER' })))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only delete census files you uploaded',
    });
    const staff = { userId: 'ic', role: 'SLF_ADMIN' };
    const deleted = eventsOf(given(uploaded).when(remove(staff)));
    expect(deleted).toEqual([{ type: 'CensusDeleted', data: { ...ref, at, by: staff } }]);
    const after = given(uploaded, ...deleted);
    expect(refusalOf(after.when(remove(by))).code).toBe('NOT_FOUND');
    const submitted = given(uploaded, confirmed, validated(0), {
      type: 'CensusSubmitted',
      data: { ...ref, at, by },
    });
    expect(refusalOf(submitted.when(remove(by)))).toMatchObject({
      code: 'ALREADY_SUBMITTED',
      message: 'A submitted census is kept as the record of what was sent, so it cannot be deleted',
    });
  });

  describe('corrections where the census is read', () => {
    const issue = (row: number, field: 'ssn' | 'zip', rule: 'SSN_FORMAT' | 'ZIP_FORMAT') => ({
      row,
      field,
      rule,
      severity: 'ERROR' as const,
      message: rule,
    });
    const flagged = (): CensusEvent =>
      validatedWith([[issue(2, 'ssn', 'SSN_FORMAT')], [issue(3, 'zip', 'ZIP_FORMAT')]], {
        errorWorkbookDocumentId: 'wb1',
        rows: [
          { row: 2, cells: { employeeId: 'E1', ssn: '12-3456', zip: '10001' } },
          { row: 3, cells: { employeeId: 'E2', ssn: '234-56-7890', zip: '123' } },
        ],
      });
    const history = () => [uploaded, confirmed, flagged()];
    const fixedSsn: CensusRevalidation = {
      revalidated: [{ row: 2, cells: { employeeId: 'E1', ssn: '123-45-6789', zip: '10001' }, issues: [] }],
      counts: { ERROR: 1, WARNING: 0 },
      ruleCounts: { ZIP_FORMAT: 1 },
    };
    const correct = (seen: string, value: string, revalidation = fixedSsn, who = by): CensusCommand => ({
      type: 'CorrectCensusCells',
      data: { ...ref, cells: [{ row: 2, field: 'ssn', seen, value }], replace: null, revalidation },
      metadata: { at, by: who },
    });

    it('given a validated census with problems, when a flagged cell is corrected, then who changed which cell from what to what is recorded', () => {
      const events = eventsOf(given(...history()).when(correct('12-3456', ' 123-45-6789 ')));
      expect(events).toEqual([
        {
          type: 'CensusCellsCorrected',
          data: {
            ...ref,
            cells: [{ row: 2, field: 'ssn', before: '12-3456', after: '123-45-6789', employeeId: 'E1' }],
            replace: null,
            revalidated: fixedSsn.revalidated,
            counts: { ERROR: 1, WARNING: 0 },
            ruleCounts: { ZIP_FORMAT: 1 },
            at,
            by,
          },
        },
      ]);
      const after = given(...history(), ...events).state.documents.get('d1')!;
      expect(after.report!.counts).toEqual({ ERROR: 1, WARNING: 0 });
      expect(after.report!.groups.map((g) => g.rule)).toEqual(['ZIP_FORMAT']);
      expect(after.corrected.get('2:ssn')).toEqual({
        row: 2,
        field: 'ssn',
        original: '12-3456',
        value: '123-45-6789',
      });
      // The fixed row stays in the grid, without problems, showing the file's value it replaced.
      expect(censusGrid(after).rows[0]).toEqual({
        row: 2,
        cells: fixedSsn.revalidated[0]!.cells,
        issues: [],
        corrected: { ssn: '12-3456' },
      });
      expect(after.corrections).toBe(1);
    });

    it("given an employee's correction read after their erasure, when the grid is read, then the corrected cell reads erased before and after", () => {
      const [event] = eventsOf(given(...history()).when(correct('12-3456', '123-45-6789')));
      const data = event!.data as Extract<CensusEvent, { type: 'CensusCellsCorrected' }>['data'];
      const erased = {
        ...event!,
        data: {
          ...data,
          cells: data.cells.map((c) => ({ ...c, before: 'erased', after: 'erased', employeeId: 'erased' })),
        },
      } as CensusEvent;
      const row = censusGrid(given(...history(), erased).state.documents.get('d1')!).rows[0]!;
      expect(row.corrected).toEqual({ ssn: 'erased' });
    });

    it('given a cell someone else corrected, when it is corrected from the value seen before, then it is a conflict, not an overwrite', () => {
      const first = eventsOf(given(...history()).when(correct('12-3456', '123-45-6789')));
      const second = given(...history(), ...first).when(
        correct('12-3456', '111-22-3333', {
          ...fixedSsn,
          revalidated: [{ ...fixedSsn.revalidated[0]!, cells: { ssn: '111-22-3333' } }],
        }),
      );
      expect(refusalOf(second)).toMatchObject({
        // The value someone else wrote shows masked, like every SSN.
        code: 'CELL_CHANGED',
        message: 'Someone else changed SSN on row 2 to “***-**-6789” meanwhile; check it and try again',
      });
    });

    it('given a census, when the correction is bad input, then it is refused with its reason and nothing is recorded', () => {
      const cases: [CensusCommand, string][] = [
        [correct('12-3456', '12-3456'), 'Nothing to change: the cell already holds this value'],
        [correct('12-3456', 'x'.repeat(201)), 'A cell holds at most 200 characters'],
        [correct('12-3456', '1\n2'), 'A cell cannot hold line breaks or other control characters'],
        [
          {
            ...correct('', 'a'),
            data: { ...correct('', 'a').data, cells: [{ row: 40, field: 'ssn', seen: '', value: 'a' }] },
          } as CensusCommand,
          'Row 40 is not one of the rows with problems',
        ],
        [
          {
            ...correct('', 'a'),
            data: {
              ...correct('', 'a').data,
              cells: [{ row: 2, field: 'email', seen: '', value: 'a@b.example' }],
            },
          } as CensusCommand,
          'The file has no column for E-mail',
        ],
      ];
      for (const [command, message] of cases)
        expect(refusalOf(given(...history()).when(command))).toMatchObject({ code: 'INVALID', message });
    });

    it('given a census not to be corrected (validating, submitted, not the newest), when corrected, then it is refused', () => {
      expect(refusalOf(given(uploaded, confirmed).when(correct('12-3456', '123-45-6789'))).code).toBe(
        'NOT_VALIDATED',
      );
      const newer = { ...uploaded, data: { ...uploaded.data, documentId: 'd2' } } as CensusEvent;
      expect(refusalOf(given(...history(), newer).when(correct('12-3456', '123-45-6789'))).code).toBe(
        'STALE',
      );
      const submitted: CensusEvent = { type: 'CensusSubmitted', data: { ...ref, at, by } };
      expect(refusalOf(given(uploaded, confirmed, validated(0), submitted).when(correct('', 'a'))).code).toBe(
        'ALREADY_SUBMITTED',
      );
    });

    it('given every error corrected, when submitted, then it is accepted; its columns can no longer be matched again', () => {
      const fixedZip: CensusRevalidation = {
        revalidated: [{ row: 3, cells: { employeeId: 'E2', ssn: '234-56-7890', zip: '10001' }, issues: [] }],
        counts: { ERROR: 0, WARNING: 0 },
        ruleCounts: {},
      };
      const ssn = eventsOf(given(...history()).when(correct('12-3456', '123-45-6789')));
      const zip = eventsOf(
        given(...history(), ...ssn).when({
          type: 'CorrectCensusCells',
          data: {
            ...ref,
            cells: [{ row: 3, field: 'zip', seen: '123', value: '10001' }],
            replace: null,
            revalidation: fixedZip,
          },
          metadata: { at, by },
        }),
      );
      const corrected = given(...history(), ...ssn, ...zip);
      expect(corrected.state.documents.get('d1')!.report!.counts.ERROR).toBe(0);
      expect(eventsOf(corrected.when(submit))[0]!.type).toBe('CensusSubmitted');
      expect(
        refusalOf(
          corrected.when({
            type: 'ConfirmCensusMapping',
            data: { ...ref, mapping, source: 'HRIS' },
            metadata: { at, by },
          }),
        ).code,
      ).toBe('HAS_CORRECTIONS');
    });

    it('given a cell corrected back to the file’s value, then it is no longer listed as corrected', () => {
      const there = eventsOf(given(...history()).when(correct('12-3456', '123-45-6789')));
      const back = eventsOf(
        given(...history(), ...there).when(
          correct('123-45-6789', '12-3456', {
            revalidated: [
              {
                row: 2,
                cells: { employeeId: 'E1', ssn: '12-3456', zip: '10001' },
                issues: [issue(2, 'ssn', 'SSN_FORMAT')],
              },
            ],
            counts: { ERROR: 2, WARNING: 0 },
            ruleCounts: { SSN_FORMAT: 1, ZIP_FORMAT: 1 },
          }),
        ),
      );
      const document = given(...history(), ...there, ...back).state.documents.get('d1')!;
      expect(document.corrected.size).toBe(0);
      expect(document.corrections).toBe(2);
      expect(document.report!.counts.ERROR).toBe(2);
    });

    it('a find-and-replace over a column changes each row with problems whose cell holds the text', () => {
      const document = given(...history()).state.documents.get('d1')!;
      expect(replacementCells(document, 'zip', '1', '9')).toEqual([
        { row: 2, field: 'zip', seen: '10001', value: '90009' },
        { row: 3, field: 'zip', seen: '123', value: '923' },
      ]);
      expect(replacementCells(document, 'zip', '', '9')).toEqual([]);
    });

    it('given corrections, when the outputs are written again, then the workbook is current with them', () => {
      const ssn = eventsOf(given(...history()).when(correct('12-3456', '123-45-6789')));
      const before = given(...history(), ...ssn).state.documents.get('d1')!;
      expect(before.outputsThrough).toBe(0);
      const rewritten = eventsOf(
        given(...history(), ...ssn).when({
          type: 'RecordCensusOutputs',
          data: { ...ref, corrections: 1, errorWorkbookDocumentId: 'wb2', changes: null },
          metadata: { at },
        }),
      );
      const after = given(...history(), ...ssn, ...rewritten).state.documents.get('d1')!;
      expect(after).toMatchObject({ errorWorkbookDocumentId: 'wb2', outputsThrough: 1, corrections: 1 });
    });
  });
});
