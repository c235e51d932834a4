import { describe, expect, it } from 'vitest';
import { X12Parser } from 'node-x12';
import {
  DEFAULT_PROFILE,
  buildReport,
  censusAsMembers,
  checkFeed,
  type DataFeedRule,
} from '@onboard/domain/data-feed';
import { FIXTURE_FACTS, FIXTURE_NOW, dataFeedFixtures, fixtureCensus } from './fixtures.ts';
import { DataFeedFileError, read834, write834, write999 } from './x12.ts';

const fixtures = dataFeedFixtures();
const checked = (text: string, employees = 5) => {
  const read = read834(text, DEFAULT_PROFILE);
  const issues = checkFeed(read.feed, {
    facts: FIXTURE_FACTS,
    census: fixtureCensus(employees),
    profile: DEFAULT_PROFILE,
  });
  return {
    read,
    issues,
    report: buildReport(read.ack, read.feed, issues, { eif: true, census: true, guide: true }),
  };
};
const rulesOf = (issues: { rule: DataFeedRule }[]) => [...new Set(issues.map((i) => i.rule))];

describe('reading a test 834', () => {
  it('reads the valid fixture into its members: loops 2000, 2100A, 2300 and 2700', () => {
    const { read, report } = checked(fixtures['valid.834']!);
    expect(report).toMatchObject({ accepted: true, problems: 0, members: { subscribers: 5, dependants: 4 } });
    expect(read.feed).toMatchObject({ action: '4', sponsorName: 'Lakeside Manufacturing Co.' });
    expect(read.feed.members[0]).toMatchObject({
      subscriber: true,
      relationship: '18',
      maintenanceType: '030',
      maintenanceReason: 'XN',
      ssn: '100000001',
      firstName: 'Ada',
      lastName: 'Lovelace',
      hireDate: '2025-01-15',
      className: 'Salaried',
      coverages: [
        { insuranceLine: 'DEN', level: 'FAM', begin: '2026-01-01', end: null },
        { insuranceLine: 'LTD', level: 'EMP', begin: '2026-01-01', end: null },
      ],
    });
    expect(read.feed.members[1]).toMatchObject({
      subscriber: false,
      relationship: '01',
      subscriberId: '100000001',
    });
  });

  it('answers bad envelope counts with a rejecting 999: IK5 4 for the transaction, AK9 5 for the group', () => {
    const { read, report } = checked(fixtures['bad-envelope-counts.834']!);
    expect(report.accepted).toBe(false);
    expect(report.acknowledgmentInWords).toEqual([
      'Functional group 1: Number of included transaction sets does not match actual count (AK9 code 5)',
      'Rejected: 0 of 1 transaction sets accepted',
      'Transaction set 0001: rejected: Number of included segments does not match actual count',
    ]);
    const ack = write999(read, FIXTURE_NOW);
    expect(ack).toContain('ST*999*0001*005010X231A1~');
    expect(ack).toContain('AK2*834*0001*005010X220A1~');
    expect(ack).toContain('IK5*R*4~');
    expect(ack).toContain('AK9*R*1*1*0*5~');
    // The 999 is itself X12 the library reads.
    expect(new X12Parser(true).parse(ack)).toBeTruthy();
  });

  it('answers an interchange envelope error with a TA1 before the 999', () => {
    const text = fixtures['valid.834']!.replace('IEA*1*000000001~', 'IEA*1*000000002~');
    const { read } = checked(text);
    expect(read.ack.interchange.codes).toEqual(['001']);
    const ack = write999(read, FIXTURE_NOW);
    expect(ack).toMatch(/^ISA\*[^\n]*\nTA1\*000000001\*260201\*1200\*R\*001~\nIEA\*0\*000000001~\nISA/);
  });

  it('names the segment (IK3) and element (IK4) at fault, without personal data', () => {
    const text = fixtures['valid.834']!.replace('INS*Y*18*030*XN*A***FT~', 'INS*Y*18*099*XN*A***FT~').replace(
      'DMG*D8*19610211~',
      'DMG*D8*19611311~',
    );
    const { read, report } = checked(text);
    expect(read.ack.transactions[0]!.segments).toEqual([
      { tag: 'INS', position: 5, loop: '2000', code: '8', element: { position: 3, code: '7', value: '099' } },
      { tag: 'DMG', position: 35, loop: '2100A', code: '8', element: { position: 2, code: '8', value: '' } },
    ]);
    expect(report.acknowledgmentInWords).toContain(
      "Segment INS at position 5 (loop 2000), element INS03 '099': Invalid code value",
    );
    expect(report.acknowledgmentInWords).toContain(
      'Segment DMG at position 35 (loop 2100A), element DMG02: Invalid date',
    );
    const ack = write999(read, FIXTURE_NOW);
    expect(ack).toContain('IK3*INS*5*2000*8~\nIK4*3**7*099~');
    expect(ack).not.toContain('19611311');
  });

  it('finds each broken fixture’s fault and nothing else', () => {
    expect(rulesOf(checked(fixtures['unknown-class.834']!).issues)).toEqual([
      'CLASS_NOT_IN_EIF',
      'CLASS_DIFFERS',
    ]);
    expect(rulesOf(checked(fixtures['coverage-not-offered.834']!).issues)).toEqual(['COVERAGE_NOT_OFFERED']);
    expect(rulesOf(checked(fixtures['missing-from-census.834']!).issues)).toEqual([
      'NOT_IN_CENSUS',
      'MISSING_FROM_FEED',
    ]);
    expect(rulesOf(checked(fixtures['termination-before-effective.834']!).issues)).toEqual([
      'TERMINATION_BEFORE_POLICY_EFFECTIVE',
    ]);
    for (const name of [
      'unknown-class.834',
      'coverage-not-offered.834',
      'missing-from-census.834',
      'termination-before-effective.834',
    ])
      expect(checked(fixtures[name]!).report.accepted, name).toBe(true);
  });

  it('answers a cut or mangled file with a 999 or a refusal in words, never a crash', () => {
    const valid = fixtures['valid.834']!;
    for (let i = 0; i < valid.length; i += 7)
      for (const text of [valid.slice(0, i), valid.slice(0, i) + valid.slice(i + 5)]) {
        try {
          expect(write999(read834(text, DEFAULT_PROFILE), FIXTURE_NOW)).toContain('ST*999*0001');
        } catch (error) {
          expect(error, `cut at ${i}`).toBeInstanceOf(DataFeedFileError);
        }
      }
  });

  it('refuses what is not X12 at all', () => {
    expect(() => read834('', DEFAULT_PROFILE)).toThrow(DataFeedFileError);
    expect(() => read834('Employee ID,First Name\nE1,Ada\n', DEFAULT_PROFILE)).toThrow(
      'This is not an X12 file: an 834 begins with an ISA segment of 106 characters',
    );
  });
});

describe('the census as an 834', () => {
  it('reads back through the same checks with no problem (round trip)', () => {
    const census = fixtureCensus(40);
    const text = write834(
      {
        sponsorName: 'Lakeside',
        sponsorTaxId: '123456789',
        reference: 'RT',
        members: censusAsMembers(census, FIXTURE_FACTS, DEFAULT_PROFILE),
      },
      DEFAULT_PROFILE,
      FIXTURE_NOW,
    );
    const read = read834(text, DEFAULT_PROFILE);
    expect(read.ack.transactions[0]!.accepted).toBe(true);
    expect(read.feed.members).toHaveLength(census.length);
    expect(checkFeed(read.feed, { facts: FIXTURE_FACTS, census, profile: DEFAULT_PROFILE })).toEqual([]);
  });

  it('writes the profile’s codes: another class category and plan code are what is read back', () => {
    const profile = {
      ...DEFAULT_PROFILE,
      classCategory: 'ELIGIBILITY CLASS',
      plans: [
        { insuranceLine: 'DEN', planCode: 'DENPPO1', benefitType: 'DENTAL' },
        { insuranceLine: 'LTD', planCode: 'LTD60', benefitType: 'LONG_TERM_DISABILITY' },
      ],
    };
    const census = fixtureCensus(3);
    const text = write834(
      {
        sponsorName: 'Lakeside',
        sponsorTaxId: null,
        reference: 'RT',
        members: censusAsMembers(census, FIXTURE_FACTS, profile),
      },
      profile,
      FIXTURE_NOW,
    );
    expect(text).toContain('N1*75*ELIGIBILITY CLASS~');
    expect(text).toContain('HD*030**DEN*DENPPO1*FAM~');
    expect(checkFeed(read834(text, profile).feed, { facts: FIXTURE_FACTS, census, profile })).toEqual([]);
    // Read with the default profile, the class is not where that guide looks for it.
    expect(
      rulesOf(
        checkFeed(read834(text, DEFAULT_PROFILE).feed, {
          facts: FIXTURE_FACTS,
          census,
          profile: DEFAULT_PROFILE,
        }),
      ),
    ).toContain('CLASS_MISSING');
  });
});
