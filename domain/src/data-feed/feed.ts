/**
 * A benefit enrollment file (ANSI X12 834, 005010X220A1) as the data-feed checks read it: the members of
 * loop 2000 with their name and identity (2100A), their coverages (2300: HD with its DTP dates) and the
 * reporting categories of loop 2700 (the class is one of them, by the companion guide's category name).
 * The X12 reader (command-api/src/data-feed/x12.ts) fills it; the rules never see X12 syntax.
 */
import { maskDateOfBirth, maskSsn as maskPersonalSsn, nameInitial } from '../census/masking.ts';

export type FeedCoverage = {
  /** HD01: the coverage's maintenance type. */
  maintenanceType: string;
  /** HD03: the insurance line (DEN, VIS, LTD...). */
  insuranceLine: string;
  /** HD04: the plan coverage description (the companion guide's plan code). */
  planCode: string;
  /** HD05: the coverage level (EMP, ESP, ECH, FAM...). */
  level: string;
  /** DTP*348 benefit begin, DTP*349 benefit end (YYYY-MM-DD). */
  begin: string | null;
  end: string | null;
};

export type FeedMember = {
  /** ST02 of the transaction set and the INS segment's position in it (ST is 1). */
  transaction: string;
  position: number;
  /** INS01 = Y. */
  subscriber: boolean;
  /** INS02 relationship, INS03 maintenance type, INS04 maintenance reason. */
  relationship: string;
  maintenanceType: string;
  maintenanceReason: string;
  /** REF*0F: the subscriber's identifier (carried by the subscriber and each of their dependants). */
  subscriberId: string;
  /** NM109 when NM108 is 34 (an SSN), nine digits. */
  ssn: string | null;
  firstName: string;
  lastName: string;
  /** DMG02 (YYYY-MM-DD). */
  dateOfBirth: string | null;
  /** DTP*336 employment begin (YYYY-MM-DD). */
  hireDate: string | null;
  /** The loop 2750 reporting category the companion guide names for the class (REF*ZZ under N1*75). */
  className: string | null;
  coverages: FeedCoverage[];
};

export type Feed834 = {
  /** BGN08: 2 change, 4 verify, RX replace (a full file). */
  action: string;
  sponsorName: string;
  members: FeedMember[];
};

/** INS02 relationship codes in words. */
export const RELATIONSHIP_CODES: Record<string, string> = {
  '18': 'Employee',
  '01': 'Spouse',
  '19': 'Child',
  '53': 'Domestic partner',
  '15': 'Ward',
  '17': 'Stepchild',
  G8: 'Other relationship',
};

/** INS03 / HD01 maintenance type codes in words. */
export const MAINTENANCE_TYPES: Record<string, string> = {
  '001': 'Change',
  '021': 'Addition',
  '024': 'Cancellation or termination',
  '025': 'Reinstatement',
  '026': 'Correction',
  '030': 'Audit or compare',
  '032': 'Employee information not applicable',
};

/** INS04 maintenance reason codes in words (the ones enrollment files use). */
export const MAINTENANCE_REASONS: Record<string, string> = {
  '01': 'Divorce',
  '02': 'Birth',
  '03': 'Death',
  '04': 'Retirement',
  '05': 'Adoption',
  '07': 'Termination of benefits',
  '08': 'Termination of employment',
  '09': 'COBRA',
  '14': 'Voluntary withdrawal',
  '22': 'Plan change',
  '25': 'Change in identifying data elements',
  '28': 'Initial enrollment',
  '29': 'Benefit selection',
  '31': 'Legal separation',
  '32': 'Marriage',
  '33': 'Personnel data',
  '41': 'Re-enrollment',
  '43': 'Change of location',
  AI: 'No reason given',
  EC: 'Member benefit selection',
  XN: 'Notification only',
  XT: 'Transfer',
};

/** HD05 coverage level codes in words. */
export const COVERAGE_LEVELS: Record<string, string> = {
  EMP: 'Employee only',
  IND: 'Individual',
  ESP: 'Employee and spouse',
  ECH: 'Employee and children',
  E1D: 'Employee and one dependant',
  FAM: 'Family',
  SPC: 'Spouse and children',
  SPO: 'Spouse only',
  CHD: 'Children only',
  DEP: 'Dependants only',
};

/** The coverage levels of a coverage that covers the employee alone (disability, leave, basic life). */
export const EMPLOYEE_ONLY_LEVELS = ['EMP', 'IND'] as const;

export const codeInWords = (table: Record<string, string>, code: string) =>
  table[code] ? `${code} ${table[code]}` : code || 'none';

/** 'YYYYMMDD' (D8) as 'YYYY-MM-DD'; null when it is not a calendar day. */
export function d8Date(text: string | undefined): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = [
    31,
    (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1 || d > days[m - 1]!) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A day as D8 ('YYYYMMDD'). */
export const toD8 = (iso: string) => iso.replaceAll('-', '');

/** The SSN as the product shows it (the one masking of personal data): the last four digits only. */
export const maskSsn = (ssn: string | null) => (ssn ? maskPersonalSsn(ssn) : 'no SSN');
/** A date of birth as the product shows it: the year only. */
export const birthYear = (iso: string | null) => (iso ? maskDateOfBirth(iso) : 'unknown');

/**
 * A member as a report names them: the name (a dependant's as initials), the masked SSN and the year of
 * birth.
 */
export const memberLabel = (
  m: Pick<FeedMember, 'firstName' | 'lastName' | 'ssn' | 'dateOfBirth'> & { subscriber?: boolean },
) => {
  const names = [m.firstName, m.lastName].filter(Boolean);
  const name = (m.subscriber === false ? names.map(nameInitial) : names).join(' ');
  return `${name || 'Unnamed member'} (SSN ${maskSsn(m.ssn)}, born ${birthYear(m.dateOfBirth)})`;
};
