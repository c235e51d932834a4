// Census validation (onboarding §7) over a 50,000-row file: rows a second as a ratio to a raw parse of the
// same file with the same parser (target at least 0.5x), and the process's peak memory growth while
// validating (target under 200 MB: the file is streamed row by row, never held as rows). CSV through
// csv-parse, XLSX through exceljs's streaming WorkbookReader. `npx tsx bench/census.ts` runs it alone.
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { censusRows, validateCensusFile, type CensusFormat } from '@onboard/command-api/census';
import { suggestMapping, type CensusEifFacts } from '@onboard/domain/census';
import type { Report } from './eif.ts';

const ROWS = Number(process.env.BENCH_CENSUS_ROWS ?? 50_000);
const HEADERS = [
  'Employee ID',
  'Relationship',
  'First Name',
  'Last Name',
  'SSN',
  'Date of Birth',
  'Hire Date',
  'Employee Class',
  'Hours per week',
  'Location',
  'State',
  'ZIP',
  'E-mail',
  'Annual Salary',
  'Elected Plans',
  'Coverage Effective Date',
];

const BENCH_FACTS: CensusEifFacts = {
  signed: true,
  classes: [
    {
      name: 'Salaried',
      minimumHoursPerWeek: 30,
      waitingPeriod: { type: 'FIRST_OF_MONTH_AFTER_HIRE', days: null },
      plans: ['Dental', 'Vision', 'Life'],
    },
    {
      name: 'Hourly',
      minimumHoursPerWeek: 20,
      waitingPeriod: { type: 'DATE_OF_HIRE', days: null },
      plans: ['Dental'],
    },
  ],
  locations: ['Head office', 'Plant 2'],
  domesticPartnersEligible: true,
  childAgeLimit: 26,
  asOf: '2027-01-01',
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** One employee row; every 500th row breaks a rule so the report has something to hold. */
function row(i: number): string[] {
  const ssn = `${100 + Math.floor(i / 801_000)}-${10 + (Math.floor(i / 9000) % 89)}-${1000 + (i % 9000)}`;
  const month = 1 + (i % 12);
  const hire = `${pad(month)}/15/2020`;
  const effective = month === 12 ? '01/01/2021' : `${pad(month + 1)}/01/2020`;
  return [
    `E${i}`,
    'Employee',
    `First${i}`,
    `Last${i}`,
    i % 500 === 0 ? '12-34' : ssn,
    `${pad(1 + (i % 12))}/${pad(1 + (i % 28))}/${1960 + (i % 40)}`,
    hire,
    'Salaried',
    '40',
    i % 2 ? 'Head office' : 'Plant 2',
    'NY',
    '10001',
    `person${i}@example.com`,
    `${40000 + (i % 1000) * 50}.00`,
    'Dental; Vision',
    effective,
  ];
}

function censusCsv(rows: number): Buffer {
  const lines = [HEADERS.join(',')];
  for (let i = 1; i <= rows; i++) lines.push(row(i).join(','));
  return Buffer.from(lines.join('\n') + '\n');
}

/** Written streamed, with shared strings as spreadsheet programs write them, so building it costs little. */
async function censusXlsx(rows: number): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Census');
  sheet.addRow(HEADERS).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function rawParse(bytes: Buffer, format: CensusFormat) {
  let count = 0;
  for await (const cells of censusRows(bytes, format)) count += cells.length > 0 ? 1 : 0;
  return count - 1;
}

// A full collection before each measure, so each starts from what is live (tsx runs without --expose-gc).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Peak RSS while fn runs, sampled every 5 ms, above `base` (the RSS before the file was first parsed). */
async function peakGrowth<T>(
  base: number,
  fn: () => Promise<T>,
): Promise<{ result: T; growthMb: number; heapGrowthMb: number; ms: number }> {
  gc();
  const inUse = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const heapBase = inUse();
  let peak = base;
  let heapPeak = heapBase;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
    heapPeak = Math.max(heapPeak, inUse());
  };
  const timer = setInterval(sample, 5);
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  clearInterval(timer);
  sample();
  return {
    result,
    growthMb: (peak - base) / 1024 / 1024,
    heapGrowthMb: (heapPeak - heapBase) / 1024 / 1024,
    ms,
  };
}

async function benchFormat(format: CensusFormat, bytes: Buffer, report: Report) {
  const headers = HEADERS;
  const mapping = suggestMapping(headers);
  gc();
  const base = process.memoryUsage().rss;
  await rawParse(bytes, format); // warm up the parser and the JIT
  const raw = await peakGrowth(base, () => rawParse(bytes, format));
  const validated = await peakGrowth(base, () =>
    validateCensusFile(bytes, format, mapping, BENCH_FACTS, {
      keepPeople: false,
      onProgress: () => undefined,
    }),
  );
  const rawRate = (raw.result * 1000) / raw.ms;
  const rate = (validated.result.report.rows * 1000) / validated.ms;
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  report(
    `census ${format} validation, ${fmt(ROWS)} rows (${(bytes.length / 1024 / 1024).toFixed(1)} MB): rows/s vs a raw parse`,
    `${fmt(rate)} rows/s vs ${fmt(rawRate)} raw; ${validated.result.report.counts.ERROR} errors found`,
    rate / rawRate,
    '>= 0.5x',
    rate / rawRate >= 0.5,
  );
  report(
    `census ${format} validation: peak memory growth`,
    `RSS ${validated.growthMb.toFixed(0)} MB above the process before the first parse, heap and buffers ${validated.heapGrowthMb.toFixed(0)} MB at peak (raw parse: ${raw.growthMb.toFixed(0)} MB, ${raw.heapGrowthMb.toFixed(0)} MB)`,
    null,
    '< 200 MB',
    Math.max(validated.growthMb, validated.heapGrowthMb) < 200,
  );
}

export async function benchCensus(report: Report) {
  await benchFormat('CSV', censusCsv(ROWS), report);
  await benchFormat('XLSX', await censusXlsx(ROWS), report);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report: Report = (name, value, ratio, target, isMet) =>
    console.log(
      `${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}${ratio === null ? '' : `  ratio ${ratio.toFixed(2)}x`}  (target ${target})`,
    );
  benchCensus(report).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
