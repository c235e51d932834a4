import type { EifEntity } from '@onboard/events';
import type { EifSubStepId } from '../steps/catalogue.ts';

/**
 * The EIF sub-step forms as data: one definition per sub-step says which entities it edits and which
 * fields it asks. The server validates a save with the same definition the browser renders, so a rule
 * lives in one place (onboarding §5, explorer §5 field rules).
 */

/** A code list with the words a person reads (see steps/enumerations.ts). */
export type Enumeration = { codes: readonly string[]; labels: Readonly<Record<string, string>> };

export type FieldKind =
  | { kind: 'text'; maxLength?: number; multiline?: boolean }
  /** A federal tax id, typed `##-#######` or as nine digits; stored as the nine digits. */
  | { kind: 'taxId' }
  | { kind: 'email' }
  | { kind: 'phone' }
  | { kind: 'zip' }
  /** US states plus DC. */
  | { kind: 'state' }
  /** A date of year, 'MM/DD' (onboarding §5). */
  | { kind: 'mmdd' }
  /** A calendar date, 'YYYY-MM-DD'. */
  | { kind: 'date' }
  /** A month of the year, 1–12. */
  | { kind: 'month' }
  | { kind: 'number'; min?: number; max?: number; integer?: boolean }
  /** 0–100. */
  | { kind: 'percentage' }
  | { kind: 'boolean' }
  /** YES, NO, NOT_APPLICABLE. */
  | { kind: 'answer' }
  | { kind: 'choice'; enumeration: Enumeration }
  | { kind: 'multiChoice'; enumeration: Enumeration }
  /** Ids of the client's Location entities (e.g. a contact's managed locations, a bill's locations). */
  | { kind: 'locations' }
  /** The id of one of the client's Contact entities, optionally of some types. */
  | { kind: 'contact'; contactTypes?: readonly string[] };

/** The values of one entity as the form holds them. */
export type FieldValues = Readonly<Record<string, unknown>>;

export type FieldDef = FieldKind & {
  /** The entity attribute the field reads and writes. */
  key: string;
  label: string;
  description?: string;
  /** Required unless `when` hides the field; a hidden field is neither validated nor sent. */
  required?: boolean;
  /** Shown (and validated) only when this holds for the entity's current values. */
  when?: (values: FieldValues) => boolean;
  /**
   * A rule across answers, checked after the field's own rule passes: the message, or null. Gets the
   * entity's values (e.g. an end date of year checked against its start).
   */
  check?: (value: unknown, values: FieldValues) => string | null;
  /** Wording that replaces the generic message, e.g. the location rule's 'City is required'. */
  messages?: { required?: string };
};

/** The client's facts a definition may depend on (which plans exist, which policy is open). */
export type FormContext = {
  clientId: string;
  policies: readonly (Record<string, unknown> & { id: string })[];
  plans: readonly (Record<string, unknown> & { id: string; benefitType?: unknown })[];
};

export type FormSection =
  /** Questions on the Client entity itself. */
  | { type: 'client'; title?: string; fields: readonly FieldDef[] }
  /** Questions asked once per policy (or of the one policy in the `.../policy/{policyId}` route). */
  | { type: 'policy'; title?: string; fields: readonly FieldDef[] }
  /** Questions asked once per plan that `plans` selects (e.g. PFML plans). */
  | {
      type: 'plan';
      title?: string;
      plans: (plan: FormContext['plans'][number]) => boolean;
      fields: readonly FieldDef[];
    }
  /**
   * A list of entities the user adds, edits and deletes (contacts, locations, bills, subsidiaries,
   * mailing locations). `fixed` attributes are set on every item created here and select the items
   * shown (e.g. `{ type: 'TPA' }` for contacts).
   */
  | {
      type: 'collection';
      entity: Extract<
        EifEntity,
        'Contact' | 'Location' | 'Bill' | 'Subsidiary' | 'MonthlyClaimsReportMailingLocation'
      >;
      title: string;
      /** A sentence under the title saying who or what belongs in the list. */
      description?: string;
      itemLabel: string;
      fixed?: Readonly<Record<string, string>>;
      /** At least this many items for the sub-step to be Completed. */
      min?: number;
      /** At most this many items (e.g. one primary web administrator); the form hides 'Add' at the limit. */
      max?: number;
      fields: readonly FieldDef[];
      /** Only shown when this holds for the client's values. */
      when?: (client: FieldValues) => boolean;
    }
  /** The class builder's own screens (create / edit / duplicate / delete employee classes). */
  | { type: 'classBuilder' };

export type SubStepForm = {
  id: EifSubStepId;
  /** One or two sentences under the title saying what the sub-step is for. */
  intro: string;
  sections: readonly FormSection[];
};

/** Messages by field key; empty when all is well. */
export type FormErrors = Record<string, string>;
