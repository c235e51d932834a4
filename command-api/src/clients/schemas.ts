/**
 * PUT /api/clients/{clientId} takes any Client field of the EIF forms, validated by the forms' own rules
 * (command-api/src/eif-entities); this schema, generated from the same FieldDefs, is what the API
 * publishes.
 */
export { UpdateClientBody } from '../eif-entities/schemas.ts';
