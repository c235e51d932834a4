import type { FormSection } from '@onboard/domain/web';
import type { COLLECTION_SEGMENTS } from './api.ts';
import { type EditingView, type EntityRow } from './api.ts';

/** Reads of the editing view that the sections need; absent lists read as empty. */
const rows = (value: unknown): EntityRow[] => (Array.isArray(value) ? (value as EntityRow[]) : []);

export const policyRows = (view: EditingView): EntityRow[] => rows(view.policies);
export const planRows = (view: EditingView): EntityRow[] => rows(view.plans);
export const locationRows = (view: EditingView): EntityRow[] => rows(view.locations);
export const contactRows = (view: EditingView): EntityRow[] => rows(view.contacts);

const LIST_OF: Record<keyof typeof COLLECTION_SEGMENTS, keyof EditingView> = {
  Contact: 'contacts',
  Location: 'locations',
  Bill: 'bills',
  Subsidiary: 'subsidiaries',
  MonthlyClaimsReportMailingLocation: 'monthlyClaimsReportMailingLocations',
};

/** A collection section's items: the entity's rows that carry the section's fixed attributes. */
export function collectionItems(
  view: EditingView,
  section: Extract<FormSection, { type: 'collection' }>,
): EntityRow[] {
  const fixed = Object.entries(section.fixed ?? {});
  return rows(view[LIST_OF[section.entity]]).filter((row) =>
    fixed.every(([key, value]) => row[key] === value),
  );
}

export const policyLabel = (policy: EntityRow) => {
  const coverages = Array.isArray(policy.slfCoverages) ? policy.slfCoverages.join(', ') : '';
  const number = typeof policy.slfPolicyNumber === 'string' ? policy.slfPolicyNumber : policy.id;
  return coverages ? `Policy ${number} · ${coverages}` : `Policy ${number}`;
};

export const planLabel = (plan: EntityRow) => {
  const type = String(plan.benefitType ?? 'Plan');
  return type
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
};

export const locationLabel = (location: EntityRow) => String(location.name ?? location.id);

export const contactLabel = (contact: EntityRow) => {
  const name = [contact.firstName, contact.lastName].filter((p) => typeof p === 'string' && p).join(' ');
  return name || String(contact.email ?? contact.id);
};
