import type { EventStore } from '@onboard/events';
import type { ClientView, DocumentStore } from '@onboard/domain';
import {
  correctionsByRow,
  electedPlansOf,
  normalSsn,
  parseCensusDate,
  relationshipOf,
  type CensusDocumentState,
} from '@onboard/domain/census';
import type { FeedCensusPerson } from '@onboard/domain/data-feed';
import { censusFileRows, readCensus } from '../census/job.ts';

/** A policy's submitted census file, or null when none is submitted. */
async function submittedOf(store: EventStore, clientId: string, policyId: string) {
  const { state } = await readCensus(store, clientId, policyId);
  return state.lastSubmitted ? (state.documents.get(state.lastSubmitted) ?? null) : null;
}

async function peopleOf(
  documents: Pick<DocumentStore, 'get'>,
  policyId: string,
  document: CensusDocumentState,
): Promise<FeedCensusPerson[]> {
  const file = await documents.get(document.documentId);
  if (!file) return [];
  const people: FeedCensusPerson[] = [];
  // The census as submitted: the file read as confirmed, with its corrections.
  const rows = censusFileRows(file.bytes, document.reading, document.mapping, correctionsByRow(document));
  for await (const [rowNumber, row] of rows) {
    const relationship = relationshipOf(row.relationship);
    if (!row.employeeId || relationship === null) continue;
    const ssn = row.ssn ? normalSsn(row.ssn) : '';
    people.push({
      policyId,
      row: rowNumber,
      employeeId: row.employeeId,
      relationship,
      ssn: /^\d{9}$/.test(ssn) ? ssn : null,
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      dateOfBirth: row.dateOfBirth ? parseCensusDate(row.dateOfBirth) : null,
      hireDate: row.hireDate ? parseCensusDate(row.hireDate) : null,
      employeeClass: row.employeeClass ?? '',
      electedPlans: electedPlansOf(row.electedPlans),
      coverageEffectiveDate: row.coverageEffectiveDate ? parseCensusDate(row.coverageEffectiveDate) : null,
    });
  }
  return people;
}

/**
 * The submitted census of every policy of the client, each row with its policy and row number; null when
 * no policy has a census submitted (the census rules are then left out of the report).
 */
export async function submittedCensus(
  deps: { store: EventStore; documents: Pick<DocumentStore, 'get'> },
  view: Pick<ClientView, 'id' | 'policies'>,
): Promise<FeedCensusPerson[] | null> {
  let any = false;
  const people: FeedCensusPerson[] = [];
  for (const policy of view.policies) {
    const document = await submittedOf(deps.store, view.id, policy.id);
    if (!document) continue;
    any = true;
    people.push(...(await peopleOf(deps.documents, policy.id, document)));
  }
  return any ? people : null;
}
