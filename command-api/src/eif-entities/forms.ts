import type { FieldDef, FieldValues, ViewCollectionEntity } from '@onboard/domain';

/** The collection entities the EIF forms list, add to and delete from (the class builder has its own routes). */
export const COLLECTION_ENTITIES = [
  'Location',
  'Contact',
  'Bill',
  'Subsidiary',
  'MonthlyClaimsReportMailingLocation',
] as const satisfies readonly ViewCollectionEntity[];
export type CollectionEntity = (typeof COLLECTION_ENTITIES)[number];

/** Every entity an EIF form edits through these routes. */
export type EditableEntity = 'Client' | 'Policy' | 'Plan' | CollectionEntity;

/**
 * Which FieldDefs own an entity's attributes: the server validates a save with the same definitions the
 * browser renders (domain/src/eif/forms). A port so the mechanism can be exercised with any field list.
 */
export type EntityForms = {
  /**
   * The fields that own an item's attributes, given the item (its fixed attributes when created, its
   * current values when updated: a plan is asked what its benefit type calls for); null when no form
   * edits such an item.
   */
  fieldsOf: (entity: EditableEntity, item: FieldValues) => readonly FieldDef[] | null;
  /**
   * Attributes a list sets on every item it creates and selects its items by (a contact's `type`): they
   * are chosen when the item is created and pick its form, and are not edited afterwards.
   */
  fixedKeysOf: (entity: EditableEntity) => readonly string[];
  /** At most this many items with these fixed attributes (one primary plan administrator). */
  maxItemsOf: (entity: CollectionEntity, fixed: FieldValues) => number | undefined;
};
