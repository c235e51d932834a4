import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Form, Input, TextField } from '../../ui/controls.ts';
import type { CensusField } from '@onboard/domain/census';
import { Alert } from '../../ui/Feedback.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { RevealableValue, isMaskedField, revealCensusCell, useMayReveal } from './PersonalData.tsx';
import { useAction } from '../../api/action.ts';
import { TableHead } from '../../ui/TableHead.tsx';
import {
  censusErrorMessage,
  plural,
  useCensusCorrections,
  useCensusGrid,
  type CensusGrid,
  type CensusResult,
} from './api.ts';

const PAGE_SIZE = 25;

type GridRow = CensusGrid['rows'][number];

/**
 * The rows with problems of a census file, corrected where they are read: each cell of a row is a box;
 * Enter (or leaving the box) saves a change, Escape puts the cell back, the arrow keys up and down move to
 * the same column of the row above or below. A find-and-replace changes one column of every row listed.
 * Each correction is revalidated at once and kept with who made it; a row once listed stays, fixed or not.
 */
export function CorrectionGrid({
  clientId,
  policyId,
  result,
  isNewest,
}: {
  clientId: string;
  policyId: string;
  result: CensusResult;
  isNewest: boolean;
}) {
  const { documentId } = result.document;
  const grid = useCensusGrid(clientId, policyId, documentId);
  const corrections = useCensusCorrections(clientId, policyId, documentId);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const mayReveal = useMayReveal().reveal;
  if (grid.error) return <Alert tone="error">{censusErrorMessage(grid.error)}</Alert>;
  if (!grid.data) return <p className="muted">Loading the rows with problems…</p>;
  const { columns, rows } = grid.data;
  if (rows.length === 0) return null;
  const canCorrect = result.document.status === 'VALIDATED' && !result.submitted && isNewest;
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const left = rows.filter((r) => r.issues.length > 0).length;

  const save = async (row: number, field: CensusField, seen: string, value: string) => {
    setError(null);
    try {
      await corrections.correctCell({ row, field, seen, value });
      setNotice(`Row ${row} saved.`);
      return true;
    } catch (caught) {
      setError(censusErrorMessage(caught));
      await corrections.reload();
      return false;
    }
  };

  return (
    <section className="card census-grid" aria-labelledby="census-grid-title" data-testid="census-grid">
      <h2 id="census-grid-title" className="card__title">
        Fix the rows with problems
      </h2>
      <GridStatus rows={rows.length} left={left} canCorrect={canCorrect} isSubmitted={result.submitted} />
      {canCorrect && (
        <ReplaceInColumn
          columns={columns}
          initialField={
            rows.flatMap((r) => r.issues).find((i) => i.field !== null)?.field ?? columns[0]!.field
          }
          onReplace={async (body) => {
            setError(null);
            await corrections.replaceInColumn(body);
            const label = columns.find((c) => c.field === body.field)?.label ?? '';
            setNotice(`Replaced “${body.find}” with “${body.replaceWith}” in ${label}.`);
          }}
        />
      )}
      <p role="status" className="muted" data-testid="census-grid-notice">
        {notice}
      </p>
      {error && (
        <Alert tone="error" testId="census-grid-error">
          {error}
        </Alert>
      )}
      <div className="census-grid__scroll" role="region" aria-labelledby="census-grid-title" tabIndex={0}>
        <table className="table census-grid__table">
          <TableHead columns={['Row', ...columns.map((c) => c.label), 'Problems']} />
          <tbody>
            {shown.map((row, index) => (
              <Row
                key={row.row}
                row={row}
                index={index}
                columns={columns}
                canCorrect={canCorrect}
                save={save}
                reveal={{ clientId, policyId, documentId, mayReveal }}
              />
            ))}
          </tbody>
        </table>
      </div>
      {pageCount > 1 && (
        <Pager
          page={page}
          pageCount={pageCount}
          total={rows.length}
          noun={['row', 'rows']}
          onPage={setPage}
        />
      )}
    </section>
  );
}

/** How many rows still have problems, and whether (and how) they can be corrected here. */
function GridStatus({
  rows,
  left,
  canCorrect,
  isSubmitted,
}: {
  rows: number;
  left: number;
  canCorrect: boolean;
  isSubmitted: boolean;
}) {
  return (
    <>
      <p className="muted" data-testid="census-grid-left">
        {left === 0
          ? `All ${plural(rows, 'row')} with problems are fixed.`
          : `${plural(left, 'row')} of ${rows.toLocaleString('en-US')} still ${left === 1 ? 'has' : 'have'} problems.`}
        {canCorrect &&
          ' Type in a cell and press Enter to save it; Escape puts it back; the up and down arrows move between rows. Each correction is kept with your name.'}
      </p>
      {!canCorrect && (
        <p className="muted">
          {isSubmitted
            ? 'This census is submitted: it is kept as it was sent.'
            : 'A newer census was uploaded after this one: correct the newest.'}
        </p>
      )}
    </>
  );
}

function Row({
  row,
  index,
  columns,
  canCorrect,
  save,
  reveal,
}: {
  row: GridRow;
  index: number;
  columns: CensusGrid['columns'];
  canCorrect: boolean;
  save: (row: number, field: CensusField, seen: string, value: string) => Promise<boolean>;
  reveal: { clientId: string; policyId: string; documentId: string; mayReveal: boolean };
}) {
  const flagged = new Set(row.issues.map((i) => i.field));
  return (
    <tr
      className={row.issues.length === 0 ? 'census-grid__row--fixed' : undefined}
      data-testid="census-grid-row"
    >
      <th scope="row">{row.row}</th>
      {columns.map((c) => {
        const value = row.cells[c.field] ?? '';
        const original = row.corrected[c.field];
        const isFlagged = flagged.has(c.field);
        const editable = (seen: string) => (
          <Cell
            label={`${c.label}, row ${row.row}`}
            value={seen}
            isFlagged={isFlagged}
            position={`${index}:${c.field}`}
            onSave={(next) => save(row.row, c.field, seen, next)}
          />
        );
        return (
          <td
            key={c.field}
            className={isFlagged ? 'census-grid__cell census-grid__cell--flagged' : 'census-grid__cell'}
          >
            {isMaskedField(c.field, row.cells.relationship) ? (
              // Personal data comes masked; the full value only by a recorded reveal.
              <RevealableValue
                what={`${c.label}, row ${row.row}`}
                label={c.label}
                masked={value}
                mayReveal={reveal.mayReveal}
                reveal={revealCensusCell(reveal.clientId, reveal.policyId, reveal.documentId, {
                  row: row.row,
                  field: c.field,
                })}
                render={(shown) =>
                  canCorrect ? editable(shown) : <span data-testid="census-grid-value">{shown}</span>
                }
              />
            ) : canCorrect ? (
              editable(value)
            ) : (
              value
            )}
            {original !== undefined && (
              <span className="census-grid__was">was {original === '' ? 'empty' : `“${original}”`}</span>
            )}
          </td>
        );
      })}
      <td>
        {row.issues.length === 0 ? (
          <span className="census-grid__fixed">Fixed</span>
        ) : (
          <ul className="census-grid__issues">
            {row.issues.map((i, n) => (
              <li key={n}>{i.message}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

const focusCell = (position: string) =>
  document.querySelector<HTMLInputElement>(`[data-cell="${CSS.escape(position)}"]`)?.focus();

/** One cell's box: its draft follows the saved value until the user types. */
function Cell({
  label,
  value,
  isFlagged,
  position,
  onSave,
}: {
  label: string;
  value: string;
  isFlagged: boolean;
  position: string;
  onSave: (value: string) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState(value);
  const [isSaving, setSaving] = useState(false);
  // Enter and then leaving the box would save twice before a render: one save at a time.
  const saving = useRef(false);
  useEffect(() => setDraft(value), [value]);
  const commit = async () => {
    if (draft.trim() === value || saving.current) return;
    saving.current = true;
    setSaving(true);
    const isSaved = await onSave(draft);
    saving.current = false;
    setSaving(false);
    if (!isSaved) setDraft(value);
  };
  const move = (by: number) => {
    const [index, field] = position.split(':') as [string, string];
    focusCell(`${Number(index) + by}:${field}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      setDraft(value);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // Leaving the box saves it.
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    }
  };
  return (
    <TextField
      aria-label={label}
      value={draft}
      onChange={setDraft}
      isInvalid={isFlagged}
      isDisabled={isSaving}
      className="census-grid__field"
    >
      <Input
        className="field__input census-grid__input"
        data-cell={position}
        onKeyDown={onKeyDown}
        onBlur={() => void commit()}
      />
    </TextField>
  );
}

function ReplaceInColumn({
  columns,
  initialField,
  onReplace,
}: {
  columns: CensusGrid['columns'];
  initialField: string;
  onReplace: (body: { field: CensusField; find: string; replaceWith: string }) => Promise<void>;
}) {
  // Starts on the first column with a problem, the likeliest to need it.
  const [field, setField] = useState<string>(initialField);
  const [find, setFind] = useState('');
  const [replaceWith, setReplaceWith] = useState('');
  const [errors, setErrors] = useState<{ field?: string; find?: string }>({});
  const replace = useAction(onReplace, {
    describe: censusErrorMessage,
    onSuccess: () => {
      setFind('');
      setReplaceWith('');
    },
  });
  const onSubmit = () => {
    const missing = {
      ...(field === '' ? { field: 'Choose a column' } : {}),
      ...(find === '' ? { find: 'Enter the text to find' } : {}),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) replace.clearError();
    else void replace.run({ field: field as CensusField, find, replaceWith });
  };
  return (
    <Form
      className="census-grid__replace"
      aria-label="Find and replace in a column"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <SelectInput
        label="Column"
        value={field}
        options={columns.map((c) => ({ value: c.field, label: c.label }))}
        onChange={setField}
        error={errors.field}
        placeholder="Choose a column"
      />
      <TextInput label="Find" value={find} onChange={setFind} error={errors.find} />
      <TextInput label="Replace with" value={replaceWith} onChange={setReplaceWith} />
      <Button type="submit" className="button button--secondary" isDisabled={replace.isPending}>
        Replace in column
      </Button>
      {replace.error && <Alert tone="error">{replace.error}</Alert>}
    </Form>
  );
}
