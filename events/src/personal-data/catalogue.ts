import type { PersonalDataCatalogue, PersonalField } from './codec.ts';

/**
 * Where events carry personal data: census cell values (SSN, date of birth, salary, names, addresses,
 * dependants' rows), the change view's people and their changed values, and the issues' messages (which
 * may quote a cell). A census row, and a change view's person, belong to the employee whose id they carry
 * (a dependant's row carries its employee's id), and are sealed with that employee's data key; so is a
 * corrected cell, which names its row's employee. A find and replace over a column is the client's, and
 * so are the messages of conversations and of a client's support chat (a chat started before its events
 * named the client is not sealed).
 */
const clientIdOf = (data: Record<string, unknown>) => data.clientId;

const changeView = (at: string): PersonalField[] => [
  { at: `${at}.added.*`, seal: ['key', 'name', 'employeeId'], employee: 'employeeId' },
  { at: `${at}.removed.*`, seal: ['key', 'name', 'employeeId'], employee: 'employeeId' },
  {
    at: `${at}.changed.*`,
    seal: ['key', 'name', 'employeeId', 'fields.*.before', 'fields.*.after'],
    employee: 'employeeId',
  },
];

export const PERSONAL_DATA: PersonalDataCatalogue = {
  CensusValidated: {
    clientId: clientIdOf,
    fields: [
      { at: 'rows.*', seal: ['cells.*'], employee: 'cells.employeeId' },
      { at: 'report.issues.*', seal: ['message'] },
      ...changeView('changes'),
    ],
  },
  CensusCellsCorrected: {
    clientId: clientIdOf,
    fields: [
      { at: 'cells.*', seal: ['before', 'after', 'employeeId'], employee: 'employeeId' },
      { at: 'replace', seal: ['find', 'replaceWith'] },
      { at: 'revalidated.*', seal: ['cells.*', 'issues.*.message'], employee: 'cells.employeeId' },
    ],
  },
  CensusOutputsRewritten: { clientId: clientIdOf, fields: changeView('changes') },
  // Free text people type about people: sealed with the client's key, and kept sealed in read models.
  ConversationMessagePosted: { clientId: clientIdOf, fields: [{ at: '', seal: ['text'], kept: true }] },
  SupportChatMessagePosted: { clientId: clientIdOf, fields: [{ at: '', seal: ['text'], kept: true }] },
};
