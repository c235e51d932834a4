import { z } from 'zod';
import { defineRoute, errors, json, problem } from '@onboard/api-contract';
import { EmployeeClasses } from '@onboard/api-contract/views';
import { SeenVersionHeaders } from '../eif-entities/routes.contract.ts';

/**
 * The class-builder bodies (platform §7). Shapes only: blank or unknown values pass through to the class
 * rules (domain/src/eif/classes), which answer with the form's own messages per field.
 */
const text = z.string({ error: 'Enter text' }).nullable().optional();
const number = z.number({ error: 'Enter a number' }).nullable().optional();
const id = z.string({ error: 'Give an id' }).min(1, 'Give an id');

export const ClassPlanItem = z
  .object({
    planId: id,
    waitingPeriodType: text,
    waitingPeriodDays: number,
    employerContributionPercentage: number,
    employeeContributionPercentage: number,
  })
  .strict();

export const EmployeeClassBody = z
  .object({
    groupName: text,
    employeeTypes: z.array(z.string(), { error: 'Choose from the employee types' }).optional(),
    minimumHoursPerWeek: number,
    description: text,
    /** When given: every plan the class offers, with its waiting period and contributions. */
    plans: z.array(ClassPlanItem).optional(),
  })
  .strict();
export type EmployeeClassBody = z.infer<typeof EmployeeClassBody>;

export const SetBenefitTypePlansBody = z
  .object({ benefitType: id, planIds: z.array(id, { error: 'Send the chosen plan ids as a list' }) })
  .strict();

/** A class plan is named by its own id or by the plan it offers. */
const classPlanRef = {
  employeeClassPlanId: id.optional(),
  planId: id.optional(),
};
const hasRef = (item: { employeeClassPlanId?: string; planId?: string }) =>
  item.employeeClassPlanId !== undefined || item.planId !== undefined;
const refMessage = { message: 'Give the employeeClassPlanId or the planId', path: ['planId'] };

export const WaitingPeriodsBody = z
  .object({
    waitingPeriods: z.array(
      z
        .object({ ...classPlanRef, waitingPeriodType: text, waitingPeriodDays: number })
        .strict()
        .refine(hasRef, refMessage),
    ),
  })
  .strict();

export const ContributionsBody = z
  .object({
    contributions: z.array(
      z
        .object({
          ...classPlanRef,
          employerContributionPercentage: number,
          employeeContributionPercentage: number,
        })
        .strict()
        .refine(hasRef, refMessage),
    ),
  })
  .strict();

const clientId = z.string().min(1);
const classes = '/api/clients/{clientId}/employee-classes';
const classParams = z.object({ clientId, employeeClassId: z.string().min(1) });

export const EmployeeClassChange = EmployeeClasses.extend({
  employeeClassId: z.string().meta({ description: 'The class the call created or changed' }),
}).meta({ id: 'EmployeeClassChange' });

const classesAfter = json(EmployeeClassChange, 'The classes after the change (pending after signing)');
/** The success answer by its status, so a client reads the answer's type from the contract. */
type ClassesAfter<Created extends boolean> = Created extends true
  ? { 201: typeof classesAfter }
  : { 200: typeof classesAfter };

/** Every class-builder write answers the classes after the change, 201 when it made a class. */
const classWrite = <
  const M extends 'POST' | 'PUT' | 'DELETE',
  const P extends '' | `/${string}`,
  const B extends z.ZodType | undefined = undefined,
  const Created extends boolean = false,
>(
  method: M,
  path: P,
  summary: string,
  options: { body?: B; isCreate?: Created } = {},
) =>
  defineRoute(`${method} ${classes}${path}`, {
    tag: 'employee-classes',
    summary,
    isVersioned: true,
    request: {
      params: path === '' ? z.object({ clientId }) : classParams,
      body: options.body as B,
      headers: SeenVersionHeaders,
    },
    responses: {
      ...({ [options.isCreate ? 201 : 200]: classesAfter } as ClassesAfter<Created>),
      400: problem(
        'Invalid fields, keyed body.<field> (e.g. body.contributions.0.employeeContributionPercentage)',
      ),
      ...errors.notYours,
      404: problem('No such client or class'),
      409: problem(
        'Changed since the given version: with If-Match any change, with Seen-Version only a change to what this write changes (conflicts lists each with theirs, yours and who changed it)',
      ),
      422: problem('Refused by the class rules (e.g. ALREADY_HAS_CLASSES)'),
    },
  });

export const createEmployeeClass = classWrite(
  'POST',
  '',
  'Create a class (optionally with its whole plan set)',
  { body: EmployeeClassBody, isCreate: true },
);
export const updateEmployeeClass = classWrite(
  'PUT',
  '/{employeeClassId}',
  'Edit a class (optionally with its whole plan set)',
  { body: EmployeeClassBody },
);
export const deleteEmployeeClass = classWrite(
  'DELETE',
  '/{employeeClassId}',
  'Delete a class and its class plans',
);
export const duplicateEmployeeClass = classWrite(
  'POST',
  '/{employeeClassId}/duplicate',
  'Copy a class and its class plans as “{name} (copy)”',
  { isCreate: true },
);
export const setBenefitTypePlans = classWrite(
  'POST',
  '/{employeeClassId}/plans/set-benefit-type-plans',
  'Choose the class’s plans of one benefit type',
  { body: SetBenefitTypePlansBody },
);
export const setWaitingPeriods = classWrite(
  'POST',
  '/{employeeClassId}/plans/waiting-periods',
  'Set waiting periods of class plans',
  { body: WaitingPeriodsBody },
);
export const setContributions = classWrite(
  'POST',
  '/{employeeClassId}/plans/contributions',
  'Set employer and employee contributions (together 100%)',
  { body: ContributionsBody },
);
