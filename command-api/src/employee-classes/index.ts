export { employeeClassCommandRoutes } from './routes.ts';
export {
  ClassPlanItem,
  ContributionsBody,
  EmployeeClassBody,
  SetBenefitTypePlansBody,
  WaitingPeriodsBody,
} from './schemas.ts';
