import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  PlanSystemClient as PlanSystemClientAnswer,
  TicketInfo as TicketInfoAnswer,
} from '@onboard/query-api/contracts';
import type {
  PlanSystemClient,
  PlanSystemDirectory,
  PlanSystemPolicy,
  TicketInfo,
  TicketSystem,
} from '@onboard/domain';

/**
 * The plan system's client directory and the ticket system, as the portal reads them (platform §7:
 * client-from-qps, import-from-qps, sync, ticket info). By default both are built-in simulators answering
 * from the embedded demo data: a few known cases and tickets, and a plausible answer derived from any
 * well-formed id, so every screen can be tried without the carrier's systems. With QPS_DIRECTORY_URL or
 * TICKET_SYSTEM_URL set, the HTTP adapters below ask a real endpoint instead.
 */

// ---------------------------------------------------------------------------------------------------
// The simulated plan system

/** A policy number as the plan system writes them: six digits, not starting with 0. */
const POLICY_NUMBER = /^[1-9]\d{5}$/;
/** A case id: QPS-C- and digits. */
const CASE_ID = /^QPS-C-\d{3,9}$/;

const policy = (
  policyNumber: string,
  effectiveDate: string,
  coverages: string[],
  benefitTypes: string[],
): PlanSystemPolicy => ({ policyNumber, effectiveDate, coverages, benefitTypes });

/**
 * The demo clients' cases (platform/src/seed.ts). Lakeside's differs from its EIF on purpose, so comparing,
 * importing and syncing have something to show: an Accident coverage and plan on 934781, an Employee
 * Assistance Program coverage (no plan configured yet) and a later effective date on 934782, and a third
 * policy, 934783 (Critical Illness), the EIF does not have yet. The others agree with their EIFs.
 */
const KNOWN_CASES: readonly PlanSystemClient[] = [
  {
    caseId: 'QPS-C-48210',
    name: 'Lakeside Manufacturing Co.',
    policies: [
      policy(
        '934781',
        '2027-01-01',
        ['Dental', 'Vision', 'Long Term Disability', 'Basic Life', 'Accident'],
        ['DENTAL', 'VISION', 'LONG_TERM_DISABILITY', 'LIFE', 'ACCIDENT'],
      ),
      policy(
        '934782',
        '2027-02-01',
        ['Short Term Disability', 'Employee Assistance Program'],
        ['SHORT_TERM_DISABILITY'],
      ),
      policy('934783', '2027-02-01', ['Critical Illness'], ['CRITICAL_ILLNESS']),
    ],
  },
  {
    caseId: 'QPS-C-48377',
    name: 'Harbor Freight Lines LLC',
    policies: [
      policy(
        '935120',
        '2027-01-01',
        ['Basic Life', 'Dental', 'Family Leave Insurance'],
        ['LIFE', 'DENTAL', 'FLI'],
      ),
    ],
  },
  {
    caseId: 'QPS-C-48502',
    name: 'Tri-State Staffing Inc.',
    policies: [
      policy('936004', '2027-01-01', ['Disability Benefits Law', 'Paid Family Leave'], ['DBL', 'PFL']),
      policy(
        '936005',
        '2027-01-01',
        ['Temporary Disability Benefits', 'Temporary Disability Insurance'],
        ['TDB', 'TDI'],
      ),
    ],
  },
  {
    caseId: 'QPS-C-48619',
    name: 'Riverside Medical Group PC',
    policies: [
      policy(
        '937310',
        '2027-01-01',
        ['Long Term Disability', 'Vision', 'Basic Life'],
        ['LONG_TERM_DISABILITY', 'VISION', 'LIFE'],
      ),
      policy('937311', '2027-01-01', ['Colorado Paid Family and Medical Leave'], ['PFML_CO_FULLY_INS']),
    ],
  },
];

/** A stable small number from an id, so a derived answer is the same every time. */
const seedOf = (id: string) => createHash('sha256').update(id).digest().readUInt32BE(0);

const DERIVED_NAMES = [
  'Northwind Logistics Inc.',
  'Bluebird Dental Partners',
  'Cedar Ridge Schools',
  'Granite Peak Engineering',
  'Meadowbrook Senior Living',
  'Summit Valley Credit Union',
];
const DERIVED_COVERAGES: readonly [string, string][][] = [
  [
    ['Dental', 'DENTAL'],
    ['Vision', 'VISION'],
  ],
  [
    ['Basic Life', 'LIFE'],
    ['Long Term Disability', 'LONG_TERM_DISABILITY'],
  ],
  [
    ['Short Term Disability', 'SHORT_TERM_DISABILITY'],
    ['Accident', 'ACCIDENT'],
  ],
  [
    ['Dental', 'DENTAL'],
    ['Basic Life', 'LIFE'],
    ['Critical Illness', 'CRITICAL_ILLNESS'],
  ],
];

function derivedPolicy(policyNumber: string): PlanSystemPolicy {
  const seed = seedOf(policyNumber);
  const coverages = DERIVED_COVERAGES[seed % DERIVED_COVERAGES.length]!;
  const month = String(1 + (seed % 12)).padStart(2, '0');
  return policy(
    policyNumber,
    `2027-${month}-01`,
    coverages.map(([name]) => name),
    coverages.map(([, code]) => code),
  );
}

/**
 * The simulated directory: a known case holding any of the keys, or else a case derived from the
 * well-formed policy numbers asked about (one policy each); null when no key is a case id or policy number
 * the plan system could hold.
 */
export function createSimulatedPlanSystemDirectory(): PlanSystemDirectory {
  return {
    findClient: async (keys) => {
      const known = KNOWN_CASES.find(
        (c) => keys.includes(c.caseId) || c.policies.some((p) => keys.includes(p.policyNumber)),
      );
      if (known) return structuredClone(known);
      const numbers = [...new Set(keys.filter((k) => POLICY_NUMBER.test(k)))].sort();
      const caseKey = keys.find((k) => CASE_ID.test(k));
      if (numbers.length === 0) return null;
      const first = numbers[0]!;
      return {
        caseId: caseKey ?? `QPS-C-${first}`,
        name: DERIVED_NAMES[seedOf(first) % DERIVED_NAMES.length]!,
        policies: numbers.map(derivedPolicy),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The simulated ticket system

const KNOWN_TICKETS: readonly TicketInfo[] = [
  {
    ticketId: 'ONB-1001',
    clientName: 'Lakeside Manufacturing Co.',
    implementationType: 'NEW_CASE',
    implementationConsultantEmail: 'admin@onboard.example',
    policyNumbers: ['934781', '934782'],
  },
  {
    ticketId: 'ONB-1002',
    clientName: 'Harbor Freight Lines LLC',
    implementationType: 'NEW_CASE',
    implementationConsultantEmail: 'admin@onboard.example',
    policyNumbers: ['935120'],
  },
  {
    ticketId: 'ONB-1003',
    clientName: 'Tri-State Staffing Inc.',
    implementationType: 'NEW_CASE',
    implementationConsultantEmail: 'admin@onboard.example',
    policyNumbers: ['936004', '936005'],
  },
  {
    ticketId: 'ONB-1004',
    clientName: 'Riverside Medical Group PC',
    implementationType: 'NEW_CASE',
    implementationConsultantEmail: 'admin@onboard.example',
    policyNumbers: ['937310', '937311'],
  },
];

/** Onboarding tickets live in the ONB project and are numbered from 1000. */
const ONBOARDING_TICKET = /^ONB-(\d{4,7})$/;
const DERIVED_TYPES = ['NEW_CASE', 'ADD_COVERAGE', 'TAKEOVER'] as const;

/**
 * The simulated ticket system: the demo clients' tickets, and for any other onboarding ticket (ONB-1000
 * and up) a plausible one derived from its number; null for a ticket of another project or below 1000.
 */
export function createSimulatedTicketSystem(): TicketSystem {
  return {
    ticketInfo: async (ticketId) => {
      const known = KNOWN_TICKETS.find((t) => t.ticketId === ticketId);
      if (known) return structuredClone(known);
      const match = ONBOARDING_TICKET.exec(ticketId);
      if (!match || Number(match[1]) < 1000) return null;
      const seed = seedOf(ticketId);
      const base = 100_000 + (Number(match[1]) % 900_000);
      const count = 1 + (seed % 2);
      return {
        ticketId,
        clientName: DERIVED_NAMES[seed % DERIVED_NAMES.length]!,
        implementationType: DERIVED_TYPES[seed % DERIVED_TYPES.length]!,
        implementationConsultantEmail: 'admin@onboard.example',
        policyNumbers: Array.from({ length: count }, (_, i) => String(base + i)),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// HTTP adapters for the real systems (QPS_DIRECTORY_URL, TICKET_SYSTEM_URL)

// The real systems answer in the shapes the portal's own calls answer (query-api's contracts).
async function getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S> | null> {
  const answer = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
  if (answer.status === 404) return null;
  if (!answer.ok) throw new Error(`${new URL(url).host} answered ${answer.status}`);
  return schema.parse(await answer.json());
}

/** `GET {base}/clients?keys=a,b` → the case (as PlanSystemClient), 404 when none holds them. */
const httpPlanSystemDirectory = (base: string): PlanSystemDirectory => ({
  findClient: (keys) =>
    getJson(
      `${base.replace(/\/+$/, '')}/clients?keys=${encodeURIComponent(keys.join(','))}`,
      PlanSystemClientAnswer,
    ),
});

/** `GET {base}/tickets/{ticketId}` → the ticket (as TicketInfo), 404 when unknown. */
const httpTicketSystem = (base: string): TicketSystem => ({
  ticketInfo: (ticketId) =>
    getJson(`${base.replace(/\/+$/, '')}/tickets/${encodeURIComponent(ticketId)}`, TicketInfoAnswer),
});

export type PlanSystemPorts = { planSystem: PlanSystemDirectory; tickets: TicketSystem };

/** The simulators unless QPS_DIRECTORY_URL / TICKET_SYSTEM_URL name real endpoints. */
export function planSystemPorts(urls: {
  directoryUrl: string | null;
  ticketSystemUrl: string | null;
}): PlanSystemPorts {
  return {
    planSystem: urls.directoryUrl
      ? httpPlanSystemDirectory(urls.directoryUrl)
      : createSimulatedPlanSystemDirectory(),
    tickets: urls.ticketSystemUrl ? httpTicketSystem(urls.ticketSystemUrl) : createSimulatedTicketSystem(),
  };
}
