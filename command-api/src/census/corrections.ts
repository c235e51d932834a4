import { NotFoundError } from '@onboard/domain';
import {
  cellKey,
  censusWorkingSet,
  type CensusCellEdit,
  type CensusDocumentState,
  type CensusField,
  type CensusRevalidation,
  type CensusRow,
  type CensusWorkingSet,
} from '@onboard/domain/census';
import { censusFactsOrUnsigned, censusFileRows, type CensusJobDeps, type CensusRef } from './job.ts';

/**
 * The census being corrected, held whole in memory so that a corrected cell is revalidated against every
 * row in milliseconds: the file read once, then kept in step with the corrections on the stream. A few
 * files are kept (the ones being corrected now); another process or a restart builds its own from the
 * file and the stream, which is all a census is.
 */
type Held = {
  set: CensusWorkingSet;
  /** The file's value of every cell this copy changed, to undo a change the stream does not hold. */
  originals: Map<string, { row: number; field: CensusField; value: string }>;
};

/** How many census files are held at once (chosen: a 50,000-row census takes some 60 MB). */
const HELD_FILES = 3;

export function censusWorkingSets(deps: Pick<CensusJobDeps, 'store' | 'snapshots' | 'documents' | 'now'>) {
  const held = new Map<string, Promise<Held>>();

  const load = async (ref: CensusRef, document: CensusDocumentState): Promise<Held> => {
    const file = await deps.documents.get(ref.documentId);
    if (!file) throw new NotFoundError('This file is no longer in the document store');
    const rows: (readonly [number, CensusRow])[] = [];
    for await (const entry of censusFileRows(file.bytes, document.reading, document.mapping))
      rows.push(entry);
    return { set: censusWorkingSet(rows, await censusFactsOrUnsigned(deps, ref)), originals: new Map() };
  };

  const change = (copy: Held, cells: readonly { row: number; field: CensusField; value: string }[]) => {
    for (const cell of cells) {
      const key = cellKey(cell.row, cell.field);
      if (!copy.originals.has(key))
        copy.originals.set(key, {
          row: cell.row,
          field: cell.field,
          value: copy.set.cell(cell.row, cell.field) ?? '',
        });
    }
    return copy.set.setCells(cells);
  };

  return {
    /** The document's working set, read from its file the first time. */
    async get(ref: CensusRef, document: CensusDocumentState): Promise<Held> {
      let entry = held.get(ref.documentId);
      if (entry) held.delete(ref.documentId);
      else {
        entry = load(ref, document);
        entry.catch(() => held.delete(ref.documentId));
      }
      held.set(ref.documentId, entry); // the newest use last
      while (held.size > HELD_FILES) held.delete(held.keys().next().value!);
      return entry;
    },

    /**
     * Brings a working set to the corrections the stream holds (and undoes any it does not: a correction
     * refused or lost to a concurrent one), then applies the cells and revalidates what they reach.
     */
    correct(copy: Held, document: CensusDocumentState, cells: readonly CensusCellEdit[]): CensusRevalidation {
      const sync: { row: number; field: CensusField; value: string }[] = [];
      for (const cell of document.corrected.values())
        if (copy.set.cell(cell.row, cell.field) !== cell.value) sync.push(cell);
      for (const [key, original] of copy.originals)
        if (!document.corrected.has(key) && copy.set.cell(original.row, original.field) !== original.value)
          sync.push(original);
      if (sync.length > 0) change(copy, sync);
      // A row not in the file or a field without a column is left to the decider to refuse.
      const known = cells.filter(
        (cell) => copy.set.row(cell.row) !== undefined && document.mapping[cell.field] !== undefined,
      );
      return change(
        copy,
        known.map((cell) => ({ row: cell.row, field: cell.field, value: cell.value.trim() })),
      );
    },
  };
}
