export { eifEntityRoutes, ITEM_COLLECTIONS, PlansBody, BillsBody, DeleteBillsBody } from './routes.ts';
export { decideEntityEdits, usesOf, InUseError, type EntityEdit, type EditContext } from './edits.ts';
export {
  COLLECTION_ENTITIES,
  type CollectionEntity,
  type EditableEntity,
  type EntityForms,
} from './forms.ts';
export { defaultEntityForms } from './default-forms.ts';
export { eifEntityRouteDocs, fieldsBodySchema, UpdateClientBody, type EntityRouteDoc } from './schemas.ts';
