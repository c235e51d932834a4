import { describe, expect, it } from 'vitest';
import { suggestMapping, type CensusEifFacts } from '@onboard/domain/census';
import { EMPLOYEE_CENSUS_HEADERS } from '@onboard/testing/census';
import { validateCensusFile } from './job.ts';

const facts: CensusEifFacts = {
  signed: true,
  classes: [
    {
      name: 'Hourly',
      minimumHoursPerWeek: 20,
      waitingPeriod: { type: 'DATE_OF_HIRE', days: null },
      plans: ['Dental'],
    },
  ],
  locations: ['Depot'],
  domesticPartnersEligible: false,
  childAgeLimit: 26,
  asOf: '2027-01-01',
};
const row = (i: number) =>
  [
    `E${i}`,
    'Ann',
    `Lee${i}`,
    `123-45-${String(1000 + i)}`,
    '01/01/1980',
    '03/15/2020',
    'Hourly',
    '25',
    'Depot',
    'NJ',
    '07001',
    '30000',
  ].join(',');
const csv = (rows: number) =>
  Buffer.from(
    [EMPLOYEE_CENSUS_HEADERS.join(','), ...Array.from({ length: rows }, (_, k) => row(k + 1))].join('\n'),
  );

describe('the validation job over a file', () => {
  it('reports progress as rows done of the total while it reads', async () => {
    const progress: [number, number][] = [];
    const outcome = await validateCensusFile(
      csv(3000),
      'CSV',
      suggestMapping(EMPLOYEE_CENSUS_HEADERS),
      facts,
      {
        keepPeople: false,
        rowsTotal: 3000,
        onProgress: (done, total) => progress.push([done, total]),
      },
    );
    expect(outcome.report).toMatchObject({ rows: 3000, counts: { ERROR: 0, WARNING: 0 } });
    expect(progress[0]).toEqual([1000, 3000]);
    expect(outcome.people).toBeNull();
  });

  it('keeps every issue by row for the error workbook, and the people for the change view when asked', async () => {
    const bytes = Buffer.concat([csv(3), Buffer.from('\n' + row(1))]);
    const outcome = await validateCensusFile(bytes, 'CSV', suggestMapping(EMPLOYEE_CENSUS_HEADERS), facts, {
      keepPeople: true,
    });
    expect([...outcome.issuesByRow.keys()]).toEqual([5]);
    expect(outcome.issuesByRow.get(5)!.map((i) => i.rule)).toEqual([
      'DUPLICATE_SSN',
      'DUPLICATE_EMPLOYEE_ID',
    ]);
    expect([...outcome.people!.keys()]).toEqual(['E1', 'E2', 'E3']);
  });
});
