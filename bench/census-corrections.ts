// Correcting a census where it is read: one corrected cell revalidated on a 50,000-row census (target
// under 200 ms), beside a full validation of the same file. The working set holds the file in memory and
// checks again only the rows the cell reaches; `npx tsx bench/census-corrections.ts` runs it alone.
import { censusFileRows, validateCensusFile } from '@onboard/command-api/census';
import {
  censusWorkingSet,
  correctedReport,
  suggestMapping,
  type CensusField,
  type CensusRow,
} from '@onboard/domain/census';
import { EMPLOYEE_CENSUS_HEADERS as HEADERS, censusClass, signedCensusFacts } from '@onboard/testing/census';
import type { Report } from './eif.ts';
import { printedReport, runAlone } from './standalone.ts';

const ROWS = Number(process.env.BENCH_CENSUS_ROWS ?? 50_000);
const EDITS = 200;
const FACTS = signedCensusFacts(
  [censusClass('Salaried', 30, 'FIRST_OF_MONTH_AFTER_HIRE', ['Dental'])],
  ['Head office'],
  false,
);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Employees with distinct SSNs; every 100th has a ZIP of three digits, so there is something to correct. */
function censusCsv(rows: number): Buffer {
  const lines = [HEADERS.join(',')];
  for (let i = 1; i <= rows; i++) {
    const ssn = `${100 + Math.floor(i / 9000)}-${pad(10 + (Math.floor(i / 100) % 80))}-${1000 + (i % 9000)}`;
    const zip = i % 100 === 0 ? '123' : '10001';
    lines.push(
      `E${i},First${i},Last${i},${ssn},${pad(1 + (i % 12))}/15/1980,03/15/2020,Salaried,40,Head office,NY,${zip},52000`,
    );
  }
  return Buffer.from(lines.join('\n') + '\n');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchCensusCorrections(report: Report) {
  const bytes = censusCsv(ROWS);
  const mapping = suggestMapping(HEADERS);
  await validateCensusFile(bytes, 'CSV', mapping, FACTS, { keepPeople: false }); // warm up
  let start = performance.now();
  const full = await validateCensusFile(bytes, 'CSV', mapping, FACTS, { keepPeople: false });
  const fullMs = performance.now() - start;

  start = performance.now();
  const rows: (readonly [number, CensusRow])[] = [];
  for await (const entry of censusFileRows(bytes, 'CSV', mapping)) rows.push(entry);
  const set = censusWorkingSet(rows, FACTS);
  const loadMs = performance.now() - start;

  // Each edit: the ZIP fixed (or broken again), or an SSN made a duplicate of another row's and back.
  let reportNow = full.report;
  const times: number[] = [];
  for (let k = 0; k < EDITS; k++) {
    const row = 2 + ((k * 7919) % ROWS);
    const field: CensusField = k % 2 === 0 ? 'zip' : 'ssn';
    const value =
      field === 'zip'
        ? set.cell(row, 'zip') === '10001'
          ? '123'
          : '10001'
        : set.cell(row === 2 ? 3 : 2, 'ssn')!;
    const begin = performance.now();
    const revalidation = set.setCells([{ row, field, value }]);
    reportNow = correctedReport(reportNow, revalidation);
    times.push(performance.now() - begin);
  }
  const p50 = median(times);
  const max = Math.max(...times);
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
  report(
    `census one-cell revalidation, ${ROWS.toLocaleString('en-US')} rows: a corrected cell vs a full validation`,
    `median ${fmt(p50)} ms, slowest ${fmt(max)} ms of ${EDITS} corrections (the report kept in step); full validation ${fmt(fullMs)} ms; the file read into memory once ${fmt(loadMs)} ms; ${reportNow.counts.ERROR} errors after`,
    fullMs / p50,
    '< 200 ms a cell',
    max < 200,
  );
}

runAlone(
  import.meta.url,
  benchCensusCorrections,
  printedReport((r) => `ratio ${r.toFixed(0)}x faster`),
);
