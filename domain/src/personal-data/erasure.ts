import type { PersonalDataEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Intent } from '../decider.ts';

/**
 * A client's erasures of personal data (`personal-data-{clientId}`). Staff with the owner role erase every
 * employee's personal data of a client, or one employee's on request; the daily job erases a LIVE client's
 * once its retention time is over. The data keys are destroyed after the event is written (the event says
 * what was decided; the keys' absence is what makes it so).
 */

export type ErasureScope = 'CLIENT' | 'EMPLOYEE';
export type ErasureReason = PersonalDataEvent['data']['reason'];

/** The reasons a person picks from, in words (the retention job's own is not offered). */
export const ERASURE_REASON_LABELS: Record<ErasureReason, string> = {
  PERSON_REQUEST: 'The person asked for their data to be erased',
  CLIENT_REQUEST: 'The client asked for its employees’ data to be erased',
  LEFT_CARRIER: 'The client left the carrier',
  RETENTION: 'The retention time after going live ended',
};

export type PersonalDataState = {
  /** When every key of the client was last destroyed (null: never). */
  clientErasedAt: string | null;
  /** The employees (by reference) whose keys were destroyed. */
  employees: ReadonlySet<string>;
  /** When the retention job erased the client (once). */
  retentionErasedAt: string | null;
};

export type ErasureCommand = Command<
  'ErasePersonalData',
  {
    clientId: string;
    scope: ErasureScope;
    employeeRef: string | null;
    /** Whether the employee has a data key here (read before deciding): nothing to erase otherwise. */
    hasData?: boolean;
    reason: ErasureReason;
  }
>;
export type ErasureIntent = Intent<ErasureCommand>;

export type ErasureError = {
  code: 'NOT_ALLOWED' | 'ALREADY_ERASED' | 'INVALID';
  message: string;
  fields?: Record<string, string>;
};

export const ERASURE_MESSAGES = {
  notAllowed: 'Only staff with the owner role may erase personal data',
  retentionBySystem: 'Only the retention job erases for retention',
  retentionOnce: 'This client’s personal data was already erased at the end of its retention time',
  employeeAlready: 'This employee’s personal data was already erased',
  employeeMissing: 'Enter the employee’s ID',
  employeeUnknown: 'No census of this client holds personal data of an employee with this ID',
  scopeOfRetention: 'Retention erases the whole client',
} as const;

const initialState = (): PersonalDataState => ({
  clientErasedAt: null,
  employees: new Set(),
  retentionErasedAt: null,
});

function decide(command: ErasureCommand, state: PersonalDataState) {
  const { by, at } = command.metadata;
  const { clientId, scope, employeeRef, reason } = command.data;
  if (reason === 'RETENTION') {
    if (by.role !== 'SYSTEM')
      return refused<ErasureError>({ code: 'NOT_ALLOWED', message: ERASURE_MESSAGES.retentionBySystem });
    if (scope !== 'CLIENT')
      return refused<ErasureError>({ code: 'INVALID', message: ERASURE_MESSAGES.scopeOfRetention });
    if (state.retentionErasedAt !== null)
      return refused<ErasureError>({ code: 'ALREADY_ERASED', message: ERASURE_MESSAGES.retentionOnce });
  } else if (by.role !== 'SLF_OWNER')
    return refused<ErasureError>({ code: 'NOT_ALLOWED', message: ERASURE_MESSAGES.notAllowed });
  if (scope === 'EMPLOYEE') {
    if (!employeeRef)
      return refused<ErasureError>({
        code: 'INVALID',
        message: ERASURE_MESSAGES.employeeMissing,
        fields: { employeeId: ERASURE_MESSAGES.employeeMissing },
      });
    if (state.employees.has(employeeRef))
      return refused<ErasureError>({
        code: 'ALREADY_ERASED',
        message: ERASURE_MESSAGES.employeeAlready,
        fields: { employeeId: ERASURE_MESSAGES.employeeAlready },
      });
    if (command.data.hasData === false)
      return refused<ErasureError>({
        code: 'INVALID',
        message: ERASURE_MESSAGES.employeeUnknown,
        fields: { employeeId: ERASURE_MESSAGES.employeeUnknown },
      });
  }
  return accepted<PersonalDataEvent>({
    type: 'PersonalDataErased',
    data: {
      clientId,
      scope,
      employeeRef: scope === 'EMPLOYEE' ? employeeRef : null,
      reason,
      erasedBy: by,
      erasedAt: at,
    },
  });
}

function evolve(state: PersonalDataState, event: PersonalDataEvent): PersonalDataState {
  const { scope, employeeRef, reason, erasedAt } = event.data;
  if (scope === 'EMPLOYEE' && employeeRef)
    return { ...state, employees: new Set([...state.employees, employeeRef]) };
  return {
    clientErasedAt: erasedAt,
    // A client's erasure destroys every employee's key too; references made after it are new ones.
    employees: new Set(),
    retentionErasedAt: reason === 'RETENTION' ? erasedAt : state.retentionErasedAt,
  };
}

export const personalDataDecider: Decider<
  PersonalDataState,
  ErasureCommand,
  PersonalDataEvent,
  ErasureError
> = { initialState, decide, evolve };
