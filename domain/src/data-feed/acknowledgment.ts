/**
 * The syntax answer of a test 834, as data: what a 999 implementation acknowledgment says (and, for
 * interchange envelope errors, a TA1), per transaction set accepted or rejected with the segment (IK3)
 * and element (IK4) at fault. The X12 reader finds the errors; this page says them in words and decides
 * the 999's codes.
 */

export type SegmentError = {
  /** IK3: the segment's tag, its position in the transaction set (ST is 1), its loop, and why. */
  tag: string;
  position: number;
  loop: string;
  code: SegmentErrorCode;
  /** IK4: the element at fault, when it is one. */
  element: { position: number; code: ElementErrorCode; value: string } | null;
};

/** IK304 codes (segment syntax errors). */
export const SEGMENT_ERROR_CODES = {
  '1': 'Unrecognized segment ID',
  '2': 'Unexpected segment',
  '3': 'Required segment missing',
  '8': 'Segment has data element errors',
} as const;
export type SegmentErrorCode = keyof typeof SEGMENT_ERROR_CODES;

/** IK403 codes (element syntax errors). */
export const ELEMENT_ERROR_CODES = {
  '1': 'Required data element missing',
  '6': 'Invalid character in data element',
  '7': 'Invalid code value',
  '8': 'Invalid date',
  '10': 'Exclusion condition violated',
} as const;
export type ElementErrorCode = keyof typeof ELEMENT_ERROR_CODES;

/** IK502 codes (transaction set errors). */
export const TRANSACTION_ERROR_CODES = {
  '1': 'Transaction set not supported',
  '3': 'Transaction set control number in header and trailer do not match',
  '4': 'Number of included segments does not match actual count',
  '5': 'One or more segments in error',
  '6': 'Missing or invalid transaction set identifier',
  '23': 'Transaction set control number not unique within the functional group',
  I6: 'Implementation convention not supported',
} as const;
export type TransactionErrorCode = keyof typeof TRANSACTION_ERROR_CODES;

/** AK905 codes (functional group errors). */
export const GROUP_ERROR_CODES = {
  '1': 'Functional group not supported',
  '4': 'Group control number in the functional group header and trailer do not agree',
  '5': 'Number of included transaction sets does not match actual count',
} as const;
export type GroupErrorCode = keyof typeof GROUP_ERROR_CODES;

/** TA105 note codes (interchange envelope errors). */
export const INTERCHANGE_ERROR_CODES = {
  '001': 'The interchange control number in the header and trailer do not match',
  '021': 'Invalid number of included groups value',
  '023': 'Improper (premature) end-of-file (no IEA trailer)',
  '024': 'Invalid interchange content (ex. invalid GS segment)',
} as const;
export type InterchangeErrorCode = keyof typeof INTERCHANGE_ERROR_CODES;

export type TransactionAck = {
  controlNumber: string;
  /** IK501: A accepted, R rejected. */
  accepted: boolean;
  codes: TransactionErrorCode[];
  segments: SegmentError[];
};

export type Acknowledgment = {
  interchange: { controlNumber: string; codes: InterchangeErrorCode[] };
  group: { controlNumber: string; codes: GroupErrorCode[] };
  transactions: TransactionAck[];
};

/** AK901: A accepted, P partially accepted, R rejected. */
export function groupResponse(ack: Acknowledgment): 'A' | 'P' | 'R' {
  const accepted = ack.transactions.filter((t) => t.accepted).length;
  if (ack.group.codes.length > 0 || ack.interchange.codes.length > 0 || accepted === 0) return 'R';
  return accepted === ack.transactions.length ? 'A' : 'P';
}

/** Whether the whole file is accepted: envelopes sound and every transaction set accepted. */
export const isAccepted = (ack: Acknowledgment) => groupResponse(ack) === 'A';

/** A transaction set's verdict from its errors: any error rejects it (the 999 says R, not E). */
export function transactionAck(
  controlNumber: string,
  codes: TransactionErrorCode[],
  segments: SegmentError[],
): TransactionAck {
  const all = segments.length > 0 && !codes.includes('5') ? [...codes, '5' as const] : codes;
  return { controlNumber, accepted: all.length === 0, codes: all, segments };
}

/** The acknowledgment in words, one line each, as the page shows it. */
export function acknowledgmentInWords(ack: Acknowledgment): string[] {
  const lines: string[] = [];
  for (const code of ack.interchange.codes)
    lines.push(
      `Interchange ${ack.interchange.controlNumber}: ${INTERCHANGE_ERROR_CODES[code]} (TA1 note ${code})`,
    );
  for (const code of ack.group.codes)
    lines.push(`Functional group ${ack.group.controlNumber}: ${GROUP_ERROR_CODES[code]} (AK9 code ${code})`);
  const response = groupResponse(ack);
  lines.push(
    `${response === 'A' ? 'Accepted' : response === 'P' ? 'Partially accepted' : 'Rejected'}: ${ack.transactions.filter((t) => t.accepted).length} of ${ack.transactions.length} transaction sets accepted`,
  );
  for (const t of ack.transactions) {
    if (t.accepted) {
      lines.push(`Transaction set ${t.controlNumber}: accepted`);
      continue;
    }
    const reasons = t.codes.filter((c) => c !== '5').map((c) => TRANSACTION_ERROR_CODES[c]);
    lines.push(
      `Transaction set ${t.controlNumber}: rejected${reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}`,
    );
    for (const s of t.segments) {
      const where = `Segment ${s.tag} at position ${s.position}${s.loop ? ` (loop ${s.loop})` : ''}`;
      lines.push(
        s.element
          ? `${where}, element ${s.tag}${String(s.element.position).padStart(2, '0')}${s.element.value ? ` '${s.element.value}'` : ''}: ${ELEMENT_ERROR_CODES[s.element.code]}`
          : `${where}: ${SEGMENT_ERROR_CODES[s.code]}`,
      );
    }
  }
  return lines;
}
