import {
  type ClientView as DomainClientView,
  eifStepStatuses,
  type EifStepProgress,
} from '@onboard/domain/web';
import type { EditingView } from './api.ts';

const LISTS = [
  'policies',
  'plans',
  'contacts',
  'locations',
  'bills',
  'subsidiaries',
  'monthlyClaimsReportMailingLocations',
  'employeeClasses',
  'employeeClassPlans',
] as const;

/** The view as the domain reads it; a list the server left out reads as empty. */
export function asDomainView(view: EditingView): DomainClientView {
  const lists = Object.fromEntries(LISTS.map((list) => [list, Array.isArray(view[list]) ? view[list] : []]));
  return { ...view, ...lists } as unknown as DomainClientView;
}

/** Every visible step and sub-step with its status (onboarding §4), from the editing view. */
export function progressOf(view: EditingView): EifStepProgress[] {
  return eifStepStatuses(asDomainView(view));
}
