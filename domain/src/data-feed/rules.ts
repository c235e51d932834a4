import { coverageKindOfBenefitType } from '../eif/steps/coverage.ts';
import { planBenefitTypeLabel } from '../eif/forms/summary.ts';
import { coverageEffectiveDate, usDate } from '../census/rules.ts';
import { nameInitial } from '../census/masking.ts';
import type { DataFeedFacts, FeedCensus, FeedCensusPerson, FeedClass } from './facts.ts';
import {
  COVERAGE_LEVELS,
  EMPLOYEE_ONLY_LEVELS,
  MAINTENANCE_REASONS,
  MAINTENANCE_TYPES,
  RELATIONSHIP_CODES,
  birthYear,
  codeInWords,
  memberLabel,
  type Feed834,
  type FeedCoverage,
  type FeedMember,
} from './feed.ts';
import { benefitTypeOf, type CompanionGuideProfile } from './profile.ts';

/**
 * The data-feed rules: each member of a test 834 against the signed EIF (class, coverage offered,
 * coverage level, waiting period, terminations), against the submitted census (in it, same date of
 * birth, same class; who is missing; dependants it does not have) and against the carrier's companion
 * guide (maintenance types and reasons, plan codes). Pure; one pass over the members with the census
 * indexed once, so a file of 10,000 members is checked in milliseconds.
 */

export type DataFeedRuleSource = 'EIF' | 'CENSUS' | 'GUIDE';

export const DATA_FEED_RULES = {
  MAINTENANCE_TYPE: { label: 'Maintenance type not in the companion guide', source: 'GUIDE' },
  MAINTENANCE_REASON: { label: 'Maintenance reason not in the companion guide', source: 'GUIDE' },
  PLAN_CODE_UNKNOWN: { label: 'Plan code not in the companion guide', source: 'GUIDE' },
  CLASS_MISSING: { label: 'No class in the file', source: 'GUIDE' },
  CLASS_NOT_IN_EIF: { label: 'Class not in the signed EIF', source: 'EIF' },
  COVERAGE_NOT_OFFERED: { label: 'Coverage not offered to the class', source: 'EIF' },
  COVERAGE_LEVEL_NOT_ALLOWED: { label: 'Coverage level not allowed', source: 'EIF' },
  EFFECTIVE_BEFORE_WAITING_PERIOD: { label: 'Coverage begins before the waiting period ends', source: 'EIF' },
  TERMINATION_BEFORE_POLICY_EFFECTIVE: {
    label: 'Termination before the policy effective date',
    source: 'EIF',
  },
  DOMESTIC_PARTNER_NOT_ELIGIBLE: { label: 'Domestic partners not eligible', source: 'EIF' },
  NOT_IN_CENSUS: { label: 'Subscriber not in the submitted census', source: 'CENSUS' },
  BIRTH_DATE_DIFFERS: { label: 'Date of birth differs from the census', source: 'CENSUS' },
  CLASS_DIFFERS: { label: 'Class differs from the census', source: 'CENSUS' },
  MISSING_FROM_FEED: { label: 'In the census but missing from the feed', source: 'CENSUS' },
  DEPENDANT_NOT_IN_CENSUS: { label: 'Dependant the census does not have', source: 'CENSUS' },
} as const satisfies Record<string, { label: string; source: DataFeedRuleSource }>;
export type DataFeedRule = keyof typeof DATA_FEED_RULES;

export const RULE_SOURCE_LABELS: Record<DataFeedRuleSource, string> = {
  EIF: 'Signed EIF',
  CENSUS: 'Submitted census',
  GUIDE: 'Companion guide',
};

/** One problem: the rule, the member (masked), where in the file and which census row it concerns. */
export type FeedIssue = {
  rule: DataFeedRule;
  /** Stable from one round to the next (what is fixed, what is new): no SSN or date of birth in it. */
  key: string;
  member: string | null;
  at: { transaction: string; position: number } | null;
  censusRow: { policyId: string; row: number } | null;
  message: string;
};

export type FeedCheckInput = {
  facts: DataFeedFacts;
  census: FeedCensus;
  profile: CompanionGuideProfile;
};

const squash = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none');

/** Who a member is, from one round to the next, without personal data. */
const memberKey = (m: FeedMember) =>
  `${m.subscriber ? 'S' : 'D'}|${squash(m.lastName)}|${squash(m.firstName)}|${m.ssn?.slice(-4) ?? ''}`;

function issueOf(
  rule: DataFeedRule,
  member: FeedMember | null,
  message: string,
  detail: string,
  censusRow: FeedCensusPerson | null = null,
): FeedIssue {
  return {
    rule,
    key: `${rule}|${member ? memberKey(member) : ''}|${detail}`,
    member: member ? memberLabel(member) : null,
    at: member ? { transaction: member.transaction, position: member.position } : null,
    censusRow: censusRow ? { policyId: censusRow.policyId, row: censusRow.row } : null,
    message,
  };
}

const levelWords = (code: string) =>
  COVERAGE_LEVELS[code] ? `'${COVERAGE_LEVELS[code]}' (${code})` : `'${code}'`;

/** The levels a benefit may be enrolled at: dental and vision cover dependants, the rest the employee. */
function allowedLevels(benefitType: string): string[] {
  const kind = coverageKindOfBenefitType(benefitType);
  return kind === 'DENTAL' || kind === 'VISION' ? Object.keys(COVERAGE_LEVELS) : [...EMPLOYEE_ONLY_LEVELS];
}

const sameBenefit = (offered: string, asked: string) => {
  if (offered === asked) return true;
  const kind = coverageKindOfBenefitType(asked);
  return kind !== 'OTHER' && coverageKindOfBenefitType(offered) === kind;
};

const isTermination = (member: FeedMember, coverage: FeedCoverage) =>
  member.maintenanceType === '024' || coverage.maintenanceType === '024';

function checkGuide(member: FeedMember, profile: CompanionGuideProfile): FeedIssue[] {
  const issues: FeedIssue[] = [];
  const allowed = profile.maintenance.find((m) => m.type === member.maintenanceType);
  if (!allowed) {
    issues.push(
      issueOf(
        'MAINTENANCE_TYPE',
        member,
        `Maintenance type '${codeInWords(MAINTENANCE_TYPES, member.maintenanceType)}' is not allowed by the companion guide; it allows: ${list(profile.maintenance.map((m) => codeInWords(MAINTENANCE_TYPES, m.type)))}`,
        member.maintenanceType,
      ),
    );
  } else if (!allowed.reasons.includes(member.maintenanceReason)) {
    issues.push(
      issueOf(
        'MAINTENANCE_REASON',
        member,
        `Maintenance reason '${codeInWords(MAINTENANCE_REASONS, member.maintenanceReason)}' is not allowed with '${codeInWords(MAINTENANCE_TYPES, member.maintenanceType)}' by the companion guide; it allows: ${list(allowed.reasons.map((r) => codeInWords(MAINTENANCE_REASONS, r)))}`,
        `${member.maintenanceType}/${member.maintenanceReason}`,
      ),
    );
  }
  return issues;
}

/** Checks of one coverage against the class of the signed EIF. */
function checkCoverage(
  member: FeedMember,
  coverage: FeedCoverage,
  benefitType: string,
  cls: FeedClass | null,
  facts: DataFeedFacts,
  hireDate: string | null,
): FeedIssue[] {
  const issues: FeedIssue[] = [];
  const label = planBenefitTypeLabel(benefitType);
  const plan = cls?.plans.find((p) => sameBenefit(p.benefitType, benefitType)) ?? null;
  if (cls && !plan && member.maintenanceType !== '024') {
    issues.push(
      issueOf(
        'COVERAGE_NOT_OFFERED',
        member,
        `Class '${cls.name}' is not offered ${label} in the signed EIF; it is offered: ${list([...new Set(cls.plans.map((p) => p.label))])}`,
        `${cls.name}/${benefitType}`,
      ),
    );
  }
  const levels = allowedLevels(benefitType);
  if (coverage.level && !levels.includes(coverage.level)) {
    issues.push(
      issueOf(
        'COVERAGE_LEVEL_NOT_ALLOWED',
        member,
        `Coverage level ${levelWords(coverage.level)} is not allowed for ${label} in the signed EIF; its levels: ${list(levels.map((l) => COVERAGE_LEVELS[l]!))}`,
        `${benefitType}/${coverage.level}`,
      ),
    );
  }
  if (cls?.waitingPeriod && hireDate && coverage.begin && !isTermination(member, coverage)) {
    const earliest = coverageEffectiveDate(hireDate, cls.waitingPeriod);
    if (coverage.begin < earliest)
      issues.push(
        issueOf(
          'EFFECTIVE_BEFORE_WAITING_PERIOD',
          member,
          `${label} begins ${usDate(coverage.begin)}, before the waiting period of class '${cls.name}' ends: coverage may begin ${usDate(earliest)} for this hire date`,
          `${benefitType}/${coverage.begin}`,
        ),
      );
  }
  const policyEffective = plan?.policyEffectiveDate ?? facts.policyEffectiveDate;
  if (coverage.end && policyEffective && isTermination(member, coverage) && coverage.end < policyEffective) {
    issues.push(
      issueOf(
        'TERMINATION_BEFORE_POLICY_EFFECTIVE',
        member,
        `${label} ends ${usDate(coverage.end)}, before the policy effective date ${usDate(policyEffective)}`,
        `${benefitType}/${coverage.end}`,
      ),
    );
  }
  return issues;
}

type CensusIndex = {
  bySsn: Map<string, FeedCensusPerson>;
  byEmployeeId: Map<string, FeedCensusPerson>;
  dependants: Map<string, FeedCensusPerson[]>;
  employees: FeedCensusPerson[];
};

function indexCensus(census: FeedCensusPerson[]): CensusIndex {
  const index: CensusIndex = {
    bySsn: new Map(),
    byEmployeeId: new Map(),
    dependants: new Map(),
    employees: [],
  };
  for (const person of census) {
    if (person.relationship === 'EMPLOYEE') {
      // A person under several policies is one subscriber: the first row found names them.
      if (person.ssn && !index.bySsn.has(person.ssn)) index.bySsn.set(person.ssn, person);
      if (!index.byEmployeeId.has(person.employeeId)) {
        index.byEmployeeId.set(person.employeeId, person);
        index.employees.push(person);
      }
    } else {
      const list = index.dependants.get(person.employeeId) ?? [];
      list.push(person);
      index.dependants.set(person.employeeId, list);
    }
  }
  return index;
}

const censusPersonOf = (index: CensusIndex, member: FeedMember) =>
  (member.ssn ? index.bySsn.get(member.ssn) : undefined) ??
  index.bySsn.get(member.subscriberId) ??
  index.byEmployeeId.get(member.subscriberId) ??
  null;

function checkAgainstCensus(member: FeedMember, person: FeedCensusPerson | null): FeedIssue[] {
  if (!person)
    return [
      issueOf('NOT_IN_CENSUS', member, `${memberLabel(member)} is not in the submitted census`, 'subscriber'),
    ];
  const issues: FeedIssue[] = [];
  if (member.dateOfBirth && person.dateOfBirth && member.dateOfBirth !== person.dateOfBirth) {
    const [feed, census] = [birthYear(member.dateOfBirth), birthYear(person.dateOfBirth)];
    issues.push(
      issueOf(
        'BIRTH_DATE_DIFFERS',
        member,
        feed === census
          ? `The date of birth differs from census row ${person.row} (both in ${feed}, on another day)`
          : `The date of birth differs from census row ${person.row}: born ${feed} in the feed, ${census} in the census`,
        'dob',
        person,
      ),
    );
  }
  if (
    member.className !== null &&
    person.employeeClass &&
    squash(member.className) !== squash(person.employeeClass)
  )
    issues.push(
      issueOf(
        'CLASS_DIFFERS',
        member,
        `Class '${member.className}' in the feed; census row ${person.row} has class '${person.employeeClass}'`,
        `${member.className}/${person.employeeClass}`,
        person,
      ),
    );
  return issues;
}

/** A member's coverages: each a plan code of the companion guide and, once the EIF is signed, as it allows. */
function checkCoverages(
  member: FeedMember,
  context: {
    profile: FeedCheckInput['profile'];
    facts: FeedCheckInput['facts'];
    cls: FeedClass | null;
    hireDate: string | null;
  },
): FeedIssue[] {
  const { profile, facts, cls, hireDate } = context;
  const found: FeedIssue[] = [];
  for (const coverage of member.coverages) {
    const benefitType = benefitTypeOf(profile, coverage);
    if (benefitType === null) {
      const code = [coverage.insuranceLine, coverage.planCode].filter(Boolean).join(' ');
      found.push(
        issueOf(
          'PLAN_CODE_UNKNOWN',
          member,
          `Coverage '${code}' is not a plan code of the companion guide; its codes: ${list(profile.plans.map((p) => [p.insuranceLine, p.planCode].filter(Boolean).join(' ')))}`,
          code,
        ),
      );
      continue;
    }
    if (facts.signed) found.push(...checkCoverage(member, coverage, benefitType, cls, facts, hireDate));
  }
  return found;
}

/** Every problem of a feed, members in file order, then the census's people missing from it. */
export function checkFeed(feed: Feed834, input: FeedCheckInput): FeedIssue[] {
  const { facts, census, profile } = input;
  const issues: FeedIssue[] = [];
  const index = census ? indexCensus(census) : null;
  const seenEmployees = new Set<string>();
  const subscribers = new Map<
    string,
    { member: FeedMember; cls: FeedClass | null; person: FeedCensusPerson | null }
  >();
  const classesByName = new Map(facts.classes.map((c) => [squash(c.name), c]));

  for (const member of feed.members) {
    issues.push(...checkGuide(member, profile));
    const subscriber = member.subscriber ? null : (subscribers.get(member.subscriberId) ?? null);
    let cls: FeedClass | null = null;
    let person: FeedCensusPerson | null = null;

    if (member.subscriber) {
      if (member.className === null)
        issues.push(
          issueOf(
            'CLASS_MISSING',
            member,
            `No class in the file: the companion guide carries it as reporting category '${profile.classCategory}' (loop 2750)`,
            'class',
          ),
        );
      else if (facts.signed) {
        cls = classesByName.get(squash(member.className)) ?? null;
        if (!cls)
          issues.push(
            issueOf(
              'CLASS_NOT_IN_EIF',
              member,
              `Class '${member.className}' is not in the signed EIF; its classes: ${list(facts.classes.map((c) => c.name))}`,
              member.className,
            ),
          );
      }
      if (index) {
        person = censusPersonOf(index, member);
        if (person) seenEmployees.add(person.employeeId);
        issues.push(...checkAgainstCensus(member, person));
      }
      subscribers.set(member.subscriberId, { member, cls, person });
    } else {
      cls = subscriber?.cls ?? null;
      if (facts.signed && member.relationship === '53' && !facts.domesticPartnersEligible)
        issues.push(
          issueOf(
            'DOMESTIC_PARTNER_NOT_ELIGIBLE',
            member,
            'The signed EIF does not let employees cover a domestic partner',
            'partner',
          ),
        );
      if (index && subscriber?.person) {
        const employee = subscriber.person;
        const known = (index.dependants.get(employee.employeeId) ?? []).find(
          (d) =>
            squash(d.firstName) === squash(member.firstName) ||
            (d.dateOfBirth !== null && d.dateOfBirth === member.dateOfBirth),
        );
        if (!known)
          issues.push(
            issueOf(
              'DEPENDANT_NOT_IN_CENSUS',
              member,
              `${RELATIONSHIP_CODES[member.relationship] ?? 'Dependant'} ${[member.firstName, member.lastName].filter(Boolean).map(nameInitial).join(' ')} is not in the census under employee ${employee.employeeId} (row ${employee.row})`,
              'dependant',
              employee,
            ),
          );
      }
    }

    const hireDate =
      member.hireDate ??
      subscriber?.member.hireDate ??
      person?.hireDate ??
      subscriber?.person?.hireDate ??
      null;
    issues.push(...checkCoverages(member, { profile, facts, cls, hireDate }));
  }

  // A change file (BGN08 2) carries only what changed: who is missing is asked of full files only.
  if (index && feed.action !== '2')
    for (const employee of index.employees)
      if (!seenEmployees.has(employee.employeeId))
        issues.push({
          rule: 'MISSING_FROM_FEED',
          key: `MISSING_FROM_FEED|${employee.employeeId}`,
          member: memberLabel(employee),
          at: null,
          censusRow: { policyId: employee.policyId, row: employee.row },
          message: `Employee ${employee.employeeId} of census row ${employee.row} is not in the feed`,
        });
  return issues;
}
