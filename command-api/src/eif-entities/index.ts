export { eifEntityRoutes } from './routes.ts';
export { ITEM_COLLECTIONS, fieldsBodySchema, UpdateClientBody } from './routes.contract.ts';
export { decideEntityEdits, usesOf, InUseError, type EntityEdit, type EditContext } from './edits.ts';
export {
  COLLECTION_ENTITIES,
  type CollectionEntity,
  type EditableEntity,
  type EntityForms,
} from './forms.ts';
export { defaultEntityForms } from './default-forms.ts';
