import {
  DEFAULT_PROFILE,
  censusAsMembers,
  type DataFeedFacts,
  type FeedCensusPerson,
} from '@onboard/domain/data-feed';
import { write834 } from './x12.ts';

/**
 * The data-feed fixtures: a signed plan design (one class, 'Salaried', offered dental and long term
 * disability, coverage from the first of the month after hire), its submitted census, the 834 that
 * census makes, and broken 834s made from it one fault each. `npm run fixtures:data-feed` writes them
 * to disk; the tests and the bench make them the same way.
 */

export const FIXTURE_FACTS: DataFeedFacts = {
  signed: true,
  classes: [
    {
      name: 'Salaried',
      waitingPeriod: { type: 'FIRST_OF_MONTH_AFTER_HIRE', days: null },
      plans: [
        { benefitType: 'DENTAL', label: 'Dental', policyEffectiveDate: '2026-01-01' },
        {
          benefitType: 'LONG_TERM_DISABILITY',
          label: 'Long term disability',
          policyEffectiveDate: '2026-01-01',
        },
      ],
    },
  ],
  domesticPartnersEligible: false,
  policyEffectiveDate: '2026-01-01',
};

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Katherine',
  'Niklaus',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Backus',
  'Johnson',
  'Wirth',
];

/**
 * A census of `employees` employees (every fourth with a spouse and a child), all in 'Salaried', electing
 * dental and long term disability, hired in 2025 so coverage begins with the policy on 2026-01-01.
 */
export function fixtureCensus(employees: number): FeedCensusPerson[] {
  const people: FeedCensusPerson[] = [];
  let row = 1;
  for (let i = 0; i < employees; i++) {
    const employeeId = `E${String(i + 1).padStart(5, '0')}`;
    const lastName = LAST[i % LAST.length]!;
    const base = {
      policyId: 'policy-1',
      employeeId,
      lastName,
      hireDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-15`,
      employeeClass: 'Salaried',
      electedPlans: ['Dental', 'Long term disability'],
      coverageEffectiveDate: null,
    };
    people.push({
      ...base,
      row: ++row,
      relationship: 'EMPLOYEE',
      ssn: String(100000001 + i * 7).padStart(9, '0'),
      firstName: FIRST[i % FIRST.length]!,
      dateOfBirth: `${1960 + (i % 40)}-0${(i % 9) + 1}-1${i % 10}`,
    });
    if (i % 4 === 0) {
      people.push({
        ...base,
        row: ++row,
        relationship: 'SPOUSE',
        ssn: null,
        firstName: 'Sam',
        dateOfBirth: '1980-05-05',
        electedPlans: [],
      });
      people.push({
        ...base,
        row: ++row,
        relationship: 'CHILD',
        ssn: null,
        firstName: 'Kit',
        dateOfBirth: '2015-07-07',
        electedPlans: [],
      });
    }
  }
  return people;
}

export const FIXTURE_NOW = new Date('2026-02-01T12:00:00Z');

/** The census as a full-file 834 in the default profile. */
export function fixtureFeed(employees: number): string {
  return write834(
    {
      sponsorName: 'Lakeside Manufacturing Co.',
      sponsorTaxId: '123456789',
      reference: 'FIXTURE',
      members: censusAsMembers(fixtureCensus(employees), FIXTURE_FACTS, DEFAULT_PROFILE),
    },
    DEFAULT_PROFILE,
    FIXTURE_NOW,
  );
}

const replaceOnce = (text: string, from: string | RegExp, to: string) => {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`The fixture has no ${String(from)}`);
  return next;
};

/** SE01 counted again after segments were added or removed (ST to SE, both included). */
function recount(text: string) {
  return text.replace(/ST\*834\*[^]*?SE\*\d+\*/g, (transaction) => {
    const segments = transaction.split('~').filter((s) => s.trim() !== '').length;
    return transaction.replace(/SE\*\d+\*$/, `SE*${segments}*`);
  });
}

/** The fixtures by file name: a valid 834 and one broken 834 per fault. */
export function dataFeedFixtures(): Record<string, string> {
  const valid = fixtureFeed(5);
  return {
    'valid.834': valid,
    // SE01 one too many and GE01 two: the envelope's counts do not match what it holds.
    'bad-envelope-counts.834': replaceOnce(replaceOnce(valid, /SE\*(\d+)\*/, 'SE*999*'), /GE\*1\*/, 'GE*2*'),
    'unknown-class.834': replaceOnce(valid, 'REF*ZZ*Salaried~', 'REF*ZZ*Hourly~'),
    // Vision for the second employee: the class is offered dental and long term disability only.
    'coverage-not-offered.834': recount(
      replaceOnce(
        valid,
        /(NM1\*IL\*1\*Hopper\*Grace[^\n]*\nDMG\*D8\*\d+~\n)/,
        '$1HD*030**VIS**EMP~\nDTP*348*D8*20260101~\n',
      ),
    ),
    // A subscriber the census does not have (another SSN, name and employee).
    'missing-from-census.834': replaceOnce(
      replaceOnce(valid, /REF\*0F\*100000008~/g, 'REF*0F*999001234~'),
      'NM1*IL*1*Hopper*Grace****34*100000008~',
      'NM1*IL*1*Newman*Nora****34*999001234~',
    ),
    // The third employee terminated on 12/15/2025, before the policy's effective date of 01/01/2026.
    'termination-before-effective.834': recount(
      replaceOnce(
        replaceOnce(
          valid,
          /INS\*Y\*18\*030\*XN\*A\*\*\*FT~\nREF\*0F\*100000015~/,
          'INS*Y*18*024*07*A***FT~\nREF*0F*100000015~',
        ),
        /(NM1\*IL\*1\*Turing\*Alan[^\n]*\nDMG\*D8\*\d+~\nHD\*030\*\*DEN\*\*EMP~\nDTP\*348\*D8\*20260101~\n)/,
        '$1DTP*349*D8*20251215~\n',
      ),
    ),
  };
}
