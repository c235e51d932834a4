import { z } from 'zod';

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
