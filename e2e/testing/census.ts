import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { eifStream, parseEvent, type EifEvent } from '@onboard/events';
import { decide, fold, toEditingView, type EifCommand, type EifState } from '@onboard/domain';
import { editsToComplete } from '@onboard/domain/testing';
import type { RunningApp } from '@onboard/platform/app';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { CENSUS_HEADERS as HEADERS } from '@onboard/testing/census';
import { portalUnderTest, type Portal } from './portal.ts';

/**
 * A census with twenty planted problems and the signed EIF it is checked against (one class, Salaried,
 * 30+ hours, dental and vision; two locations), for the browser tests of correcting a census.
 */

export { HEADERS };

/** The demo client's policy whose census the browser tests upload, and its census task's page. */
export const POLICY_ID = 'policy-lakeside-1';
export const CENSUS_PATH = `/client/${DEMO_CLIENT_ID}/task/enrollment-elections/${POLICY_ID}`;
export const col = (header: string) => HEADERS.indexOf(header);
const pad = (n: number) => String(n).padStart(2, '0');

/** A person who passes every rule against the signed EIF set up below. */
export function goodRow(i: number, salary = `${40000 + i * 10}.00`): string[] {
  const month = 1 + (i % 11); // hired Jan to Nov 2020: coverage on the 1st of the next month
  return [
    `E${i}`,
    'Employee',
    `First${i}`,
    `Last${i}`,
    `${100 + Math.floor(i / 9000)}-${10 + (Math.floor(i / 100) % 80)}-${1000 + (i % 9000)}`,
    `${pad(1 + (i % 12))}/${pad(1 + (i % 28))}/${1960 + (i % 40)}`,
    `${pad(month)}/15/2020`,
    'Salaried',
    '40',
    i % 2 ? 'Head office' : 'Plant 2',
    'NY',
    '10001',
    `person${i}@example.com`,
    salary,
    'Dental; Vision',
    `${pad(month + 1)}/01/2020`,
  ];
}

const set = (row: string[], header: string, value: string) => {
  const copy = [...row];
  copy[col(header)] = value;
  return copy;
};

/** A dependent's row: the employee's ID, the relationship, the name and the date of birth; the rest empty. */
const dependentRow = (
  employeeId: string,
  relationship: string,
  first: string,
  last: string,
  born: string,
) => [employeeId, relationship, first, last, '', born, ...Array<string>(10).fill('')];

/** Twenty planted problems of different kinds, each on its own data row, with the label the report shows. */
export const PLANTED: { index: number; label: string; make: (good: string[]) => string[] }[] = [
  { index: 21, label: 'Required field missing', make: (r) => set(r, 'First Name', '') },
  { index: 22, label: 'SSN format', make: (r) => set(r, 'SSN', '12-3456') },
  { index: 23, label: 'Date format', make: (r) => set(r, 'Date of Birth', '13/45/1980') },
  { index: 24, label: 'ZIP code format', make: (r) => set(r, 'ZIP', '123') },
  { index: 25, label: 'State code', make: (r) => set(r, 'State', 'ZZ') },
  { index: 26, label: 'E-mail format', make: (r) => set(r, 'E-mail', 'not-an-address') },
  { index: 27, label: 'Salary format', make: (r) => set(r, 'Annual Salary', 'lots') },
  { index: 28, label: 'Hours per week format', make: (r) => set(r, 'Hours per week', 'forty') },
  { index: 29, label: 'Duplicate SSN', make: (r) => set(r, 'SSN', goodRow(1)[col('SSN')]!) },
  { index: 30, label: 'Duplicate employee ID', make: (r) => set(r, 'Employee ID', 'E1') },
  { index: 31, label: 'Class not in the signed EIF', make: (r) => set(r, 'Employee Class', 'Executives') },
  { index: 32, label: 'Hours below the class’s eligibility', make: (r) => set(r, 'Hours per week', '12') },
  {
    index: 33,
    label: 'Coverage effective date does not match the waiting period',
    make: (r) => set(r, 'Coverage Effective Date', '12/25/2020'),
  },
  { index: 34, label: 'Location not in the signed EIF', make: (r) => set(r, 'Location', 'Moon base') },
  { index: 35, label: 'Plan not offered to the class', make: (r) => set(r, 'Elected Plans', 'Dental; Life') },
  {
    index: 36,
    label: 'Dependent over the age limit',
    make: () => dependentRow('E1', 'Child', 'Kid', 'Last1', '02/02/1990'),
  },
  {
    index: 37,
    label: 'Domestic partners not eligible',
    make: () => dependentRow('E2', 'Domestic partner', 'Pat', 'Last2', '02/02/1980'),
  },
  {
    index: 38,
    label: 'Dependent without an employee',
    make: () => dependentRow('E99999', 'Spouse', 'Sam', 'Nobody', '02/02/1980'),
  },
  {
    index: 39,
    label: 'Dates out of order',
    make: (r) => set(r, 'Date of Birth', '01/01/2021'),
  },
  { index: 40, label: 'Relationship not recognised', make: (r) => set(r, 'Relationship', 'Cousin') },
];

export const csvOf = (rows: string[][]) => [HEADERS, ...rows].map((r) => r.join(',')).join('\n') + '\n';

export const plantedRows = (rows: number) =>
  Array.from({ length: rows }, (_, k) => {
    const i = k + 1;
    const planted = PLANTED.find((p) => p.index === i);
    return planted ? planted.make(goodRow(i)) : goodRow(i);
  });

/** The signed EIF's shape: the class's plans, its minimum hours and whether the client has two locations. */
type SignedShape = { planIds: readonly string[]; minimumHoursPerWeek: number | null; withLocations: boolean };

/**
 * Signs the demo client's EIF with one class, Salaried: by default 30+ hours, dental and vision, and two
 * locations (the census's), or the shape given.
 */
async function signEifWithClass(
  app: RunningApp,
  { planIds, minimumHoursPerWeek, withLocations }: SignedShape = {
    planIds: ['plan-dental', 'plan-vision'],
    minimumHoursPerWeek: 30,
    withLocations: true,
  },
) {
  const stream = eifStream(DEMO_CLIENT_ID);
  const recorded = await app.store.readStream(stream);
  let state: EifState = fold(recorded.map((r) => parseEvent(r) as EifEvent));
  const metadata = { at: new Date().toISOString(), by: { userId: 'e2e', role: 'SLF_ADMIN' } };
  const edit = (
    type: 'CreateEntity' | 'ChangeAttributes',
    entity: string,
    entityId: string,
    attributes: object,
  ) =>
    ({
      type,
      data: { clientId: DEMO_CLIENT_ID, entity, entityId, changeId: randomUUID(), attributes },
      metadata,
    }) as EifCommand;
  const commands: EifCommand[] = [
    edit('ChangeAttributes', 'Client', DEMO_CLIENT_ID, {
      taxId: '123456789',
      domesticPartnersEligible: 'NO',
    }),
    ...(withLocations
      ? [
          edit('CreateEntity', 'Location', 'loc-hq', { name: 'Head office', state: 'NY' }),
          edit('CreateEntity', 'Location', 'loc-plant', { name: 'Plant 2', state: 'NY' }),
        ]
      : []),
    edit('CreateEntity', 'EmployeeClass', 'class-salaried', {
      groupName: 'Salaried',
      employeeTypes: ['FULL_TIME'],
      ...(minimumHoursPerWeek === null ? {} : { minimumHoursPerWeek }),
    }),
    ...planIds.map((planId) =>
      edit('CreateEntity', 'EmployeeClassPlan', `cp-${planId}`, {
        employeeClassId: 'class-salaried',
        planId,
        waitingPeriodType: 'FIRST_OF_MONTH_AFTER_HIRE',
        waitingPeriodDays: null,
        employerContributionPercentage: 100,
        employeeContributionPercentage: 0,
      }),
    ),
  ];
  const events: EifEvent[] = [];
  const run = (command: EifCommand) => {
    const decision = decide(command, state);
    if (!decision.ok) throw new Error(decision.error.message);
    events.push(...decision.events);
    state = fold(decision.events, state);
  };
  commands.forEach(run);
  // The rest of the required answers (signing needs every one), from the form definitions.
  for (let round = 0; round < 8; round += 1) {
    const view = toEditingView(state, 0n);
    const edits = view ? editsToComplete(view) : [];
    if (edits.length === 0) break;
    edits.forEach((completing, n) =>
      run(
        edit(
          completing.action === 'create' ? 'CreateEntity' : 'ChangeAttributes',
          completing.entity,
          completing.entityId ?? `required-${round}-${n}`,
          completing.values,
        ),
      ),
    );
  }
  run({
    type: 'SignEif',
    data: { clientId: DEMO_CLIENT_ID, signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null },
    metadata,
  } as EifCommand);
  await app.store.append(
    stream,
    events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        actorId: 'e2e',
        actorRole: 'SLF_ADMIN',
        occurredAt: metadata.at,
        correlationId: randomUUID(),
      },
    })),
    BigInt(recorded.length) - 1n,
  );
}

/**
 * The portal one browser-test file drives (`portalUnderTest`), its demo EIF signed with one class (the shape
 * `signEifWithClass` takes) before the suite's tests.
 */
export function portalWithSignedClass(database: string, shape?: SignedShape): Portal {
  const portal = portalUnderTest(database);
  beforeAll(async () => {
    await signEifWithClass(portal.app, shape);
  });
  return portal;
}
