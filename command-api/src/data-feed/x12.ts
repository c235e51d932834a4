import { X12Interchange, X12Parser, X12Segment, type X12Transaction } from 'node-x12';
import {
  MAINTENANCE_TYPES,
  RELATIONSHIP_CODES,
  d8Date,
  groupResponse,
  transactionAck,
  type Acknowledgment,
  type CompanionGuideProfile,
  type ElementErrorCode,
  type ExportMember,
  type Feed834,
  type FeedCoverage,
  type FeedMember,
  type GroupErrorCode,
  type InterchangeErrorCode,
  type SegmentError,
  type SegmentErrorCode,
  type TransactionErrorCode,
} from '@onboard/domain/data-feed';

/**
 * Reads a test 834 (005010X220A1) with node-x12: the library tokenizes the interchange and checks its
 * envelopes (control numbers and counts of ISA/IEA, GS/GE, ST/SE, reported as diagnostics); this walks
 * its segments into the members the rules check (loops 1000A/B, 2000, 2100A, 2300, 2700) and the
 * implementation guide's element rules into the 999's IK3/IK4 errors.
 */

export class DataFeedFileError extends Error {}

export const DATA_FEED_FILE_MESSAGES = {
  empty: 'The file is empty',
  notX12: 'This is not an X12 file: an 834 begins with an ISA segment of 106 characters',
  noGroup: 'The interchange has no functional group (GS) with an 834 transaction set',
} as const;

/** The 834 segments of 005010X220A1; any other tag is unexpected. */
const SEGMENTS_834 = new Set([
  'BGN',
  'REF',
  'DTP',
  'QTY',
  'N1',
  'N2',
  'N3',
  'N4',
  'PER',
  'ACT',
  'INS',
  'NM1',
  'DMG',
  'EC',
  'ICM',
  'AMT',
  'HLH',
  'LUI',
  'HD',
  'IDC',
  'COB',
  'LS',
  'LX',
  'PLA',
  'LE',
]);
const INS_RELATIONSHIPS = new Set([
  ...Object.keys(RELATIONSHIP_CODES),
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  '14',
  '16',
  '23',
  '24',
  '25',
  '26',
  '31',
  '38',
  '60',
  'D2',
]);
const BENEFIT_STATUS = new Set(['A', 'C', 'S', 'T']);
/** Elements that carry personal data: the 999 in words names them without their value. */
const PERSONAL = new Set(['NM1', 'DMG', 'REF', 'N3', 'N4', 'PER']);

const squash = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

type Position = { line: number; character: number };
const before = (a: Position, b: Position) =>
  a.line < b.line || (a.line === b.line && a.character <= b.character);

/** The envelope errors the library reports, by the element each diagnostic names. */
function envelopeCode(message: string) {
  const element = /value in (SE0[12]|GE0[12]|IEA0[12])/.exec(message)?.[1];
  return element ?? null;
}

export type Read834 = {
  feed: Feed834;
  ack: Acknowledgment;
  /** The received envelope, for the acknowledgment's own (sender and receiver swapped). */
  envelope: { isa: string[]; gs: string[] };
};

/** Reads the file; a file that is not X12 at all is a DataFeedFileError (400), everything else an ack. */
export function read834(text: string, profile: CompanionGuideProfile): Read834 {
  const edi = text.replace(/^\uFEFF/, '').trimStart();
  if (edi.length === 0) throw new DataFeedFileError(DATA_FEED_FILE_MESSAGES.empty);
  if (!edi.startsWith('ISA') || edi.length < 106) throw new DataFeedFileError(DATA_FEED_FILE_MESSAGES.notX12);
  const parser = new X12Parser(false);
  let parsed;
  try {
    parsed = parser.parse(edi);
  } catch {
    throw new DataFeedFileError(DATA_FEED_FILE_MESSAGES.notX12);
  }
  const interchange = Array.isArray(parsed) ? parsed[0] : (parsed as X12Interchange);
  const group = interchange?.functionalGroups[0];
  if (!interchange || !group) throw new DataFeedFileError(DATA_FEED_FILE_MESSAGES.noGroup);

  const interchangeCodes = new Set<InterchangeErrorCode>();
  const groupCodes = new Set<GroupErrorCode>();
  const transactionCodes = new Map<X12Transaction, Set<TransactionErrorCode>>();
  const codesOf = (t: X12Transaction) => {
    let set = transactionCodes.get(t);
    if (!set) transactionCodes.set(t, (set = new Set()));
    return set;
  };
  for (const diagnostic of parser.diagnostics) {
    const element = envelopeCode(diagnostic.message);
    if (element === 'IEA01') interchangeCodes.add('021');
    else if (element === 'IEA02') interchangeCodes.add('001');
    else if (element === 'GE01') groupCodes.add('5');
    else if (element === 'GE02') groupCodes.add('4');
    else if (element === 'SE01' || element === 'SE02') {
      const at = diagnostic.range.start;
      const transaction =
        group.transactions.find(
          (t) => t.trailer && before(t.header.range.start, at) && before(at, t.trailer.range.end),
        ) ?? group.transactions.at(-1);
      if (transaction) codesOf(transaction).add(element === 'SE01' ? '4' : '3');
    } else interchangeCodes.add('024');
  }
  if (interchange.trailer?.tag !== 'IEA') interchangeCodes.add('023');

  const members: FeedMember[] = [];
  let action = '';
  let sponsorName = '';
  const seenControlNumbers = new Set<string>();
  const transactions = group.transactions.map((transaction) => {
    const controlNumber = transaction.header.valueOf(2) ?? '';
    const codes = codesOf(transaction);
    if (seenControlNumbers.has(controlNumber)) codes.add('23');
    seenControlNumbers.add(controlNumber);
    if (transaction.header.valueOf(1) !== '834') {
      codes.add('1');
      return transactionAck(controlNumber, [...codes], []);
    }
    if (transaction.header.valueOf(3) !== '005010X220A1') codes.add('I6');
    const read = readTransaction(transaction, controlNumber, profile, members);
    if (read.action) action = read.action;
    if (read.sponsorName) sponsorName = read.sponsorName;
    return transactionAck(controlNumber, [...codes], read.errors);
  });
  const ack: Acknowledgment = {
    interchange: { controlNumber: interchange.header.valueOf(13) ?? '', codes: [...interchangeCodes] },
    group: { controlNumber: group.header.valueOf(6) ?? '', codes: [...groupCodes] },
    transactions,
  };
  return {
    feed: { action, sponsorName, members },
    ack,
    envelope: {
      isa: interchange.header.elements.map((e) => e.value),
      gs: group.header.elements.map((e) => e.value),
    },
  };
}

function readTransaction(
  transaction: X12Transaction,
  controlNumber: string,
  profile: CompanionGuideProfile,
  members: FeedMember[],
) {
  const errors: SegmentError[] = [];
  const classCategory = squash(profile.classCategory);
  let loop = 'HEADER';
  let action = '';
  let sponsorName = '';
  let member: FeedMember | null = null;
  let coverage: FeedCoverage | null = null;
  let category = '';
  const segments = transaction.segments;

  const fail = (
    tag: string,
    position: number,
    code: SegmentErrorCode,
    element: SegmentError['element'] = null,
  ) => errors.push({ tag, position, loop: loop === 'HEADER' ? '' : loop, code, element });
  const elementError = (tag: string, position: number, at: number, code: ElementErrorCode, value: string) =>
    fail(tag, position, '8', { position: at, code, value: PERSONAL.has(tag) ? '' : value });
  const date = (tag: string, position: number, at: number, value: string) => {
    const day = d8Date(value);
    if (day === null) elementError(tag, position, at, value === '' ? '1' : '8', value);
    return day;
  };

  if (segments[0]?.tag !== 'BGN') fail('BGN', 2, '3');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const tag = segment.tag;
    const position = i + 2; // ST is 1
    const value = (n: number) => segment.elements[n - 1]?.value ?? '';
    if (!SEGMENTS_834.has(tag)) {
      fail(tag, position, /^[A-Z][A-Z0-9]{1,2}$/.test(tag) ? '2' : '1');
      continue;
    }
    switch (tag) {
      case 'BGN':
        action = value(8);
        break;
      case 'N1': {
        const entity = value(1);
        if (entity === 'P5') {
          loop = '1000A';
          sponsorName = value(2);
        } else if (entity === 'IN') loop = '1000B';
        else if (entity === 'BO' || entity === 'TV') loop = '1000C';
        else if (entity === '75') {
          loop = '2750';
          category = squash(value(2));
        }
        break;
      }
      case 'INS': {
        loop = '2000';
        coverage = null;
        category = '';
        const [subscriber, relationship, type] = [value(1), value(2), value(3)];
        if (subscriber !== 'Y' && subscriber !== 'N')
          elementError(tag, position, 1, subscriber ? '7' : '1', subscriber);
        if (!INS_RELATIONSHIPS.has(relationship))
          elementError(tag, position, 2, relationship ? '7' : '1', relationship);
        else if (subscriber === 'Y' && relationship !== '18')
          elementError(tag, position, 2, '10', relationship);
        if (!Object.hasOwn(MAINTENANCE_TYPES, type)) elementError(tag, position, 3, type ? '7' : '1', type);
        if (!BENEFIT_STATUS.has(value(5))) elementError(tag, position, 5, value(5) ? '7' : '1', value(5));
        member = {
          transaction: controlNumber,
          position,
          subscriber: subscriber === 'Y',
          relationship,
          maintenanceType: type,
          maintenanceReason: value(4),
          subscriberId: '',
          ssn: null,
          firstName: '',
          lastName: '',
          dateOfBirth: null,
          hireDate: null,
          className: null,
          coverages: [],
        };
        members.push(member);
        break;
      }
      case 'REF':
        if (!member) break;
        if (loop === '2000' && value(1) === '0F') member.subscriberId = value(2);
        else if (loop === '2750' && category === classCategory) member.className = value(2);
        break;
      case 'NM1':
        if (!member) break;
        if (value(1) === 'IL') {
          loop = '2100A';
          if (!value(3)) elementError(tag, position, 3, '1', '');
          member.lastName = value(3);
          member.firstName = value(4);
          if (value(8) === '34') {
            const ssn = value(9);
            if (/^\d{9}$/.test(ssn)) member.ssn = ssn;
            else elementError(tag, position, 9, '6', ssn);
          }
        } else loop = '2100';
        break;
      case 'DMG':
        if (!member) break;
        if (value(1) !== 'D8') elementError(tag, position, 1, value(1) ? '7' : '1', value(1));
        else member.dateOfBirth = date(tag, position, 2, value(2));
        break;
      case 'HD': {
        if (!member) break;
        loop = '2300';
        const type = value(1);
        if (!Object.hasOwn(MAINTENANCE_TYPES, type)) elementError(tag, position, 1, type ? '7' : '1', type);
        if (!value(3)) elementError(tag, position, 3, '1', '');
        coverage = {
          maintenanceType: type,
          insuranceLine: value(3),
          planCode: value(4),
          level: value(5),
          begin: null,
          end: null,
        };
        member.coverages.push(coverage);
        break;
      }
      case 'DTP': {
        if (value(2) !== 'D8') {
          elementError(tag, position, 2, value(2) ? '7' : '1', value(2));
          break;
        }
        const qualifier = value(1);
        if (loop === '2300' && coverage) {
          if (qualifier === '348') coverage.begin = date(tag, position, 3, value(3));
          else if (qualifier === '349') coverage.end = date(tag, position, 3, value(3));
          else date(tag, position, 3, value(3));
        } else if (loop === '2000' && member) {
          const day = date(tag, position, 3, value(3));
          if (qualifier === '336') member.hireDate = day;
        } else date(tag, position, 3, value(3));
        break;
      }
      case 'LS':
        loop = '2700';
        break;
      case 'LX':
        loop = '2710';
        break;
      case 'LE':
        loop = '2300';
        category = '';
        break;
    }
  }
  return { errors, action, sponsorName };
}

// ---- writing: the 999 (and the TA1), the census as an 834 -------------------------------------------

const pad = (text: string, width: number) => text.slice(0, width).padEnd(width, ' ');
const stamp = (now: Date) => {
  const iso = now.toISOString();
  return {
    d8: iso.slice(0, 10).replaceAll('-', ''),
    d6: iso.slice(2, 10).replaceAll('-', ''),
    time: iso.slice(11, 16).replace(':', ''),
  };
};

/** A new interchange with an ISA of the given sender and receiver (fixed widths) and one control number. */
function interchangeOf(sender: string, receiver: string, controlNumber: string, now: Date) {
  const { d6, time } = stamp(now);
  const interchange = new X12Interchange('~', '*');
  interchange.setHeader([
    '00',
    pad('', 10),
    '00',
    pad('', 10),
    'ZZ',
    pad(sender, 15),
    'ZZ',
    pad(receiver, 15),
    d6,
    time,
    '^',
    '00501',
    controlNumber.padStart(9, '0').slice(-9),
    '0',
    'P',
    ':',
  ]);
  return interchange;
}

/** A GS02/GS03 application id as X12 allows it (2 to 15 characters), else the fallback. */
const applicationId = (id: string | undefined, fallback: string) => {
  const trimmed = (id ?? '').trim().slice(0, 15);
  return trimmed.length >= 2 ? trimmed : fallback.slice(0, 15).padEnd(2, '0');
};

const segmentText = (tag: string, elements: string[]) => new X12Segment(tag).setElements(elements).toString();

/**
 * The acknowledgment file of a test 834: a TA1 interchange when the envelope had errors, then the 999
 * (accepted / rejected per transaction set, IK3/IK4 naming each segment and element at fault).
 */
export function write999(read: Pick<Read834, 'ack' | 'envelope'>, now: Date): string {
  const { ack, envelope } = read;
  const sender = (envelope.isa[7] ?? '').trim().slice(0, 15) || 'RECEIVER';
  const receiver = (envelope.isa[5] ?? '').trim().slice(0, 15) || 'SENDER';
  const { d8, d6, time } = stamp(now);
  let ta1 = '';
  if (ack.interchange.codes.length > 0) {
    const header = interchangeOf(sender, receiver, ack.interchange.controlNumber, now).header.toString();
    ta1 = [
      header,
      segmentText('TA1', [
        ack.interchange.controlNumber.padStart(9, '0'),
        envelope.isa[8] ?? d6,
        envelope.isa[9] ?? time,
        'R',
        ack.interchange.codes[0]!,
      ]),
      segmentText('IEA', ['0', ack.interchange.controlNumber.padStart(9, '0')]),
    ].join('\n');
  }
  const interchange = interchangeOf(sender, receiver, ack.interchange.controlNumber || '1', now);
  const group = interchange.addFunctionalGroup();
  group.setHeader([
    'FA',
    applicationId(envelope.gs[2], sender),
    applicationId(envelope.gs[1], receiver),
    d8,
    time,
    '1',
    'X',
    '005010X231A1',
  ]);
  const transaction = group.addTransaction();
  transaction.setHeader(['999', '0001', '005010X231A1']);
  transaction.addSegment('AK1', ['BE', ack.group.controlNumber || '1', '005010X220A1']);
  for (const t of ack.transactions) {
    transaction.addSegment('AK2', ['834', t.controlNumber, '005010X220A1']);
    for (const s of t.segments) {
      transaction.addSegment('IK3', [s.tag, String(s.position), s.loop, s.code]);
      if (s.element)
        transaction.addSegment('IK4', [String(s.element.position), '', s.element.code, s.element.value]);
    }
    transaction.addSegment('IK5', t.accepted ? ['A'] : ['R', ...t.codes.slice(0, 5)]);
  }
  const accepted = ack.transactions.filter((t) => t.accepted).length;
  transaction.addSegment('AK9', [
    groupResponse(ack),
    String(ack.transactions.length),
    String(ack.transactions.length),
    String(accepted),
    ...ack.group.codes.slice(0, 5),
  ]);
  return `${ta1 ? `${ta1}\n` : ''}${interchange.toString({ format: true, endOfLine: '\n' })}`;
}

/**
 * A full-file 834 (BGN08 4, every member INS03 030 audit with reason XN) of the members given, in the
 * profile's codes: the enrollment a carrier's system loads without retyping the census.
 */
export function write834(
  input: { sponsorName: string; sponsorTaxId: string | null; reference: string; members: ExportMember[] },
  profile: CompanionGuideProfile,
  now: Date,
): string {
  const { d8, time } = stamp(now);
  const interchange = interchangeOf('ONBOARD', profile.receiverId, '1', now);
  const group = interchange.addFunctionalGroup();
  group.setHeader(['BE', 'ONBOARD', profile.receiverId, d8, time, '1', 'X', '005010X220A1']);
  const t = group.addTransaction();
  t.setHeader(['834', '0001', '005010X220A1']);
  t.addSegment('BGN', ['00', input.reference, d8, time, '', '', '', '4']);
  t.addSegment('N1', ['P5', input.sponsorName, 'FI', input.sponsorTaxId ?? '000000000']);
  t.addSegment('N1', ['IN', profile.name, 'FI', profile.receiverId]);
  const d8Of = (iso: string) => iso.replaceAll('-', '');
  // Trailing empty elements are not sent.
  const add = (tag: string, elements: string[]) => {
    let end = elements.length;
    while (end > 1 && elements[end - 1] === '') end--;
    t.addSegment(tag, elements.slice(0, end));
  };
  for (const m of input.members) {
    const subscriber = m.relationship === '18';
    add('INS', [subscriber ? 'Y' : 'N', m.relationship, '030', 'XN', 'A', '', '', subscriber ? 'FT' : '']);
    add('REF', ['0F', m.subscriberId]);
    if (subscriber && m.hireDate) add('DTP', ['336', 'D8', d8Of(m.hireDate)]);
    add('NM1', ['IL', '1', m.lastName, m.firstName, '', '', '', ...(m.ssn ? ['34', m.ssn] : [])]);
    if (m.dateOfBirth) add('DMG', ['D8', d8Of(m.dateOfBirth)]);
    for (const c of m.coverages) {
      add('HD', ['030', '', c.insuranceLine, c.planCode, c.level]);
      add('DTP', ['348', 'D8', d8Of(c.begin)]);
    }
    if (subscriber && m.className) {
      add('LS', ['2700']);
      add('LX', ['1']);
      add('N1', ['75', profile.classCategory]);
      add('REF', ['ZZ', m.className]);
      add('LE', ['2700']);
    }
  }
  return interchange.toString({ format: true, endOfLine: '\n' });
}
