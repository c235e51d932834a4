import { describe, expect, it } from 'vitest';
import { checkFeed, type DataFeedRule } from './rules.ts';
import { DEFAULT_PROFILE } from './profile.ts';
import type { FeedCensusPerson } from './facts.ts';
import { SALARIED_FEED_FACTS } from '../testing/data-feed.ts';
import type { Feed834, FeedCoverage, FeedMember } from './feed.ts';

const dental = (over: Partial<FeedCoverage> = {}): FeedCoverage => ({
  maintenanceType: '030',
  insuranceLine: 'DEN',
  planCode: '',
  level: 'EMP',
  begin: '2026-01-01',
  end: null,
  ...over,
});

const ada = (over: Partial<FeedMember> = {}): FeedMember => ({
  transaction: '0001',
  position: 5,
  subscriber: true,
  relationship: '18',
  maintenanceType: '030',
  maintenanceReason: 'XN',
  subscriberId: '123456789',
  ssn: '123456789',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  hireDate: '2025-03-15',
  className: 'Salaried',
  coverages: [dental()],
  ...over,
});

const child = (over: Partial<FeedMember> = {}): FeedMember =>
  ada({
    subscriber: false,
    relationship: '19',
    ssn: null,
    firstName: 'Kit',
    dateOfBirth: '2015-07-07',
    hireDate: null,
    className: null,
    ...over,
  });

const ADA_ROW: FeedCensusPerson = {
  policyId: 'policy-1',
  row: 2,
  employeeId: 'E1',
  relationship: 'EMPLOYEE',
  ssn: '123456789',
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  hireDate: '2025-03-15',
  employeeClass: 'Salaried',
  electedPlans: ['Dental'],
  coverageEffectiveDate: null,
};
const KIT_ROW: FeedCensusPerson = {
  ...ADA_ROW,
  row: 3,
  relationship: 'CHILD',
  ssn: null,
  firstName: 'Kit',
  dateOfBirth: '2015-07-07',
};

const feedOf = (...members: FeedMember[]): Feed834 => ({ action: '4', sponsorName: 'Lakeside', members });
const check = (
  feed: Feed834,
  census: FeedCensusPerson[] | null = [ADA_ROW, KIT_ROW],
  facts = SALARIED_FEED_FACTS,
) => checkFeed(feed, { facts, census, profile: DEFAULT_PROFILE });
const rules = (issues: { rule: DataFeedRule }[]) => issues.map((i) => i.rule);

describe('the data-feed rules', () => {
  it('a member that matches the signed EIF, the census and the companion guide has no problem', () => {
    expect(check(feedOf(ada(), child()))).toEqual([]);
  });

  it('CLASS_NOT_IN_EIF quotes the plan: the class and the classes the EIF has', () => {
    const [issue] = check(feedOf(ada({ className: 'Hourly' }), child()), null);
    expect(issue).toMatchObject({
      rule: 'CLASS_NOT_IN_EIF',
      message: "Class 'Hourly' is not in the signed EIF; its classes: Salaried",
      member: 'Ada Lovelace (SSN ***-**-6789, born 1985)',
    });
  });

  it('CLASS_MISSING when the class reporting category is not in the file', () => {
    expect(rules(check(feedOf(ada({ className: null })), null))).toEqual(['CLASS_MISSING']);
  });

  it('COVERAGE_NOT_OFFERED names what the class is offered', () => {
    const issues = check(feedOf(ada({ coverages: [dental({ insuranceLine: 'VIS' })] }), child()));
    expect(issues).toEqual([
      expect.objectContaining({
        rule: 'COVERAGE_NOT_OFFERED',
        message:
          "Class 'Salaried' is not offered Vision in the signed EIF; it is offered: Dental, Long term disability",
      }),
    ]);
  });

  it('COVERAGE_LEVEL_NOT_ALLOWED: long term disability covers the employee only', () => {
    const issues = check(
      feedOf(ada({ coverages: [dental({ insuranceLine: 'LTD', level: 'FAM' })] }), child()),
    );
    expect(issues).toEqual([
      expect.objectContaining({
        rule: 'COVERAGE_LEVEL_NOT_ALLOWED',
        message:
          "Coverage level 'Family' (FAM) is not allowed for Long term disability in the signed EIF; its levels: Employee only, Individual",
      }),
    ]);
    expect(check(feedOf(ada({ coverages: [dental({ level: 'FAM' })] }), child()))).toEqual([]);
  });

  it('EFFECTIVE_BEFORE_WAITING_PERIOD: coverage may begin the first of the month after hire', () => {
    const issues = check(
      feedOf(ada({ hireDate: '2026-01-15', coverages: [dental({ begin: '2026-01-15' })] })),
      [ADA_ROW],
    );
    expect(issues).toEqual([
      expect.objectContaining({
        rule: 'EFFECTIVE_BEFORE_WAITING_PERIOD',
        message:
          "Dental begins 01/15/2026, before the waiting period of class 'Salaried' ends: coverage may begin 02/01/2026 for this hire date",
      }),
    ]);
    expect(
      check(feedOf(ada({ hireDate: '2026-01-15', coverages: [dental({ begin: '2026-02-01' })] })), [ADA_ROW]),
    ).toEqual([]);
  });

  it('TERMINATION_BEFORE_POLICY_EFFECTIVE: a termination ends on or after the policy effective date', () => {
    const terminated = (end: string) =>
      ada({ maintenanceType: '024', maintenanceReason: '07', coverages: [dental({ end })] });
    expect(check(feedOf(terminated('2025-12-15'), child()))).toEqual([
      expect.objectContaining({
        rule: 'TERMINATION_BEFORE_POLICY_EFFECTIVE',
        message: 'Dental ends 12/15/2025, before the policy effective date 01/01/2026',
      }),
    ]);
    expect(check(feedOf(terminated('2026-01-01'), child()))).toEqual([]);
  });

  it('DOMESTIC_PARTNER_NOT_ELIGIBLE when the EIF does not cover partners', () => {
    const partner = child({ relationship: '53', firstName: 'Kit' });
    expect(rules(check(feedOf(ada(), partner)))).toEqual(['DOMESTIC_PARTNER_NOT_ELIGIBLE']);
    expect(
      check(feedOf(ada(), partner), [ADA_ROW, KIT_ROW], {
        ...SALARIED_FEED_FACTS,
        domesticPartnersEligible: true,
      }),
    ).toEqual([]);
  });

  it('NOT_IN_CENSUS and MISSING_FROM_FEED: the subscriber and the census employee, masked', () => {
    const issues = check(feedOf(ada({ ssn: '987654321', subscriberId: '987654321', firstName: 'Nora' })), [
      ADA_ROW,
    ]);
    expect(issues).toEqual([
      expect.objectContaining({
        rule: 'NOT_IN_CENSUS',
        message: 'Nora Lovelace (SSN ***-**-4321, born 1985) is not in the submitted census',
      }),
      expect.objectContaining({
        rule: 'MISSING_FROM_FEED',
        censusRow: { policyId: 'policy-1', row: 2 },
        message: 'Employee E1 of census row 2 is not in the feed',
      }),
    ]);
    // A change file carries only what changed: nobody is missing from it.
    expect(rules(check({ ...feedOf(), action: '2' }, [ADA_ROW]))).toEqual([]);
  });

  it('BIRTH_DATE_DIFFERS says the years only, linked to the census row', () => {
    const [issue] = check(feedOf(ada({ dateOfBirth: '1986-12-10' }), child()));
    expect(issue).toMatchObject({
      rule: 'BIRTH_DATE_DIFFERS',
      censusRow: { policyId: 'policy-1', row: 2 },
      message: 'The date of birth differs from census row 2: born 1986 in the feed, 1985 in the census',
    });
    expect(JSON.stringify(issue)).not.toContain('12-10');
  });

  it('CLASS_DIFFERS when the census has the employee in another class', () => {
    const facts = {
      ...SALARIED_FEED_FACTS,
      classes: [...SALARIED_FEED_FACTS.classes, { ...SALARIED_FEED_FACTS.classes[0]!, name: 'Hourly' }],
    };
    const [issue] = check(feedOf(ada({ className: 'Hourly' }), child()), [ADA_ROW, KIT_ROW], facts);
    expect(issue).toMatchObject({
      rule: 'CLASS_DIFFERS',
      message: "Class 'Hourly' in the feed; census row 2 has class 'Salaried'",
    });
  });

  it('DEPENDANT_NOT_IN_CENSUS names the employee’s census row', () => {
    const [issue] = check(feedOf(ada(), child({ firstName: 'Max', dateOfBirth: '2018-01-01' })));
    expect(issue).toMatchObject({
      rule: 'DEPENDANT_NOT_IN_CENSUS',
      censusRow: { policyId: 'policy-1', row: 2 },
      message: 'Child M. L. is not in the census under employee E1 (row 2)',
    });
  });

  it('MAINTENANCE_TYPE and MAINTENANCE_REASON as the companion guide allows them', () => {
    expect(check(feedOf(ada({ maintenanceType: '025' }), child()))[0]).toMatchObject({
      rule: 'MAINTENANCE_TYPE',
      message:
        "Maintenance type '025 Reinstatement' is not allowed by the companion guide; it allows: 021 Addition, 001 Change, 024 Cancellation or termination, 030 Audit or compare",
    });
    expect(check(feedOf(ada({ maintenanceReason: '28' }), child()))[0]).toMatchObject({
      rule: 'MAINTENANCE_REASON',
      message:
        "Maintenance reason '28 Initial enrollment' is not allowed with '030 Audit or compare' by the companion guide; it allows: XN Notification only, AI No reason given",
    });
  });

  it('PLAN_CODE_UNKNOWN for a coverage the companion guide has no code for', () => {
    const [issue] = check(feedOf(ada({ coverages: [dental({ insuranceLine: 'HLT' })] }), child()));
    expect(issue).toMatchObject({ rule: 'PLAN_CODE_UNKNOWN' });
    expect(issue!.message).toMatch(
      /^Coverage 'HLT' is not a plan code of the companion guide; its codes: DEN, VIS/,
    );
  });

  it('leaves the EIF rules out before signing and the census rules out before a census is submitted', () => {
    const broken = feedOf(ada({ className: 'Hourly', coverages: [dental({ insuranceLine: 'VIS' })] }));
    expect(check(broken, null, { ...SALARIED_FEED_FACTS, signed: false })).toEqual([]);
  });

  it('keys a problem without the SSN or the date of birth, the same from one round to the next', () => {
    const [first] = check(feedOf(ada({ className: 'Hourly' })), null);
    const [again] = check(feedOf(ada({ className: 'Hourly', position: 40 })), null);
    expect(first!.key).toBe(again!.key);
    expect(first!.key).not.toContain('123456789');
    expect(first!.key).not.toContain('1985');
  });
});
