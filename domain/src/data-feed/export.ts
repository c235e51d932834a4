import { coverageEffectiveDate } from '../census/rules.ts';
import { coverageKindOfBenefitType } from '../eif/steps/coverage.ts';
import type { DataFeedFacts, FeedCensusPerson } from './facts.ts';
import type { FeedCoverage, FeedMember } from './feed.ts';
import { coverageCodeOf, type CompanionGuideProfile } from './profile.ts';

/**
 * One member of the census as an 834 writes them (subscriber first, then their dependants): INS02 is 18
 * for the employee, 01 spouse, 19 child, 53 domestic partner; REF*0F the employee's SSN, else their
 * employee id.
 */
export type ExportMember = Pick<
  FeedMember,
  | 'relationship'
  | 'subscriberId'
  | 'ssn'
  | 'firstName'
  | 'lastName'
  | 'dateOfBirth'
  | 'hireDate'
  | 'className'
> & {
  coverages: (Pick<FeedCoverage, 'insuranceLine' | 'planCode' | 'level'> & { begin: string })[];
};

const RELATIONSHIP_CODE = { EMPLOYEE: '18', SPOUSE: '01', CHILD: '19', DOMESTIC_PARTNER: '53' } as const;
const squash = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** The coverage level a family takes: the employee alone, with a spouse or partner, with children, or all. */
function familyLevel(dependants: readonly FeedCensusPerson[]) {
  const partner = dependants.some(
    (d) => d.relationship === 'SPOUSE' || d.relationship === 'DOMESTIC_PARTNER',
  );
  const children = dependants.some((d) => d.relationship === 'CHILD');
  return partner && children ? 'FAM' : partner ? 'ESP' : children ? 'ECH' : 'EMP';
}
const coversDependants = (benefitType: string) => {
  const kind = coverageKindOfBenefitType(benefitType);
  return kind === 'DENTAL' || kind === 'VISION';
};

/**
 * The submitted census as 834 members in the profile's codes: each employee with the plans they elected
 * (by the plan's name in the signed EIF) beginning on the census's coverage effective date (else the
 * later of the policy's effective date and the end of the class's waiting period), then each dependant
 * with the employee's dental and vision coverages. A plan the profile has no code for is left out.
 */
export function censusAsMembers(
  census: readonly FeedCensusPerson[],
  facts: DataFeedFacts,
  profile: CompanionGuideProfile,
): ExportMember[] {
  const dependantsOf = new Map<string, FeedCensusPerson[]>();
  const employees = new Map<string, FeedCensusPerson>();
  for (const person of census) {
    if (person.relationship === 'EMPLOYEE') {
      if (!employees.has(person.employeeId)) employees.set(person.employeeId, person);
    } else {
      const list = dependantsOf.get(person.employeeId) ?? [];
      if (
        !list.some(
          (d) => squash(d.firstName) === squash(person.firstName) && d.relationship === person.relationship,
        )
      )
        list.push(person);
      dependantsOf.set(person.employeeId, list);
    }
  }
  const members: ExportMember[] = [];
  for (const employee of employees.values()) {
    const cls = facts.classes.find((c) => squash(c.name) === squash(employee.employeeClass)) ?? null;
    const dependants = dependantsOf.get(employee.employeeId) ?? [];
    const elected = new Set(
      census
        .filter((p) => p.relationship === 'EMPLOYEE' && p.employeeId === employee.employeeId)
        .flatMap((p) => p.electedPlans.map(squash)),
    );
    const coverages: ExportMember['coverages'] = [];
    const dependantCoverages: ExportMember['coverages'] = [];
    for (const plan of cls?.plans ?? []) {
      if (!elected.has(squash(plan.label))) continue;
      const code = coverageCodeOf(profile, plan.benefitType);
      if (
        !code ||
        coverages.some((c) => c.insuranceLine === code.insuranceLine && c.planCode === code.planCode)
      )
        continue;
      const waited =
        cls?.waitingPeriod && employee.hireDate
          ? coverageEffectiveDate(employee.hireDate, cls.waitingPeriod)
          : null;
      const begin =
        employee.coverageEffectiveDate ??
        [waited, plan.policyEffectiveDate ?? facts.policyEffectiveDate]
          .filter((d): d is string => d !== null)
          .sort()
          .at(-1) ??
        employee.hireDate ??
        '';
      if (!begin) continue;
      const family = coversDependants(plan.benefitType);
      const coverage = {
        insuranceLine: code.insuranceLine,
        planCode: code.planCode,
        level: family ? familyLevel(dependants) : 'EMP',
        begin,
      };
      coverages.push(coverage);
      if (family) dependantCoverages.push(coverage);
    }
    const subscriberId = employee.ssn ?? employee.employeeId;
    members.push({
      relationship: '18',
      subscriberId,
      ssn: employee.ssn,
      firstName: employee.firstName,
      lastName: employee.lastName,
      dateOfBirth: employee.dateOfBirth,
      hireDate: employee.hireDate,
      className: employee.employeeClass || null,
      coverages,
    });
    for (const d of dependants)
      members.push({
        relationship: RELATIONSHIP_CODE[d.relationship],
        subscriberId,
        ssn: d.ssn,
        firstName: d.firstName,
        lastName: d.lastName,
        dateOfBirth: d.dateOfBirth,
        hireDate: null,
        className: null,
        coverages: dependantCoverages,
      });
  }
  return members;
}
