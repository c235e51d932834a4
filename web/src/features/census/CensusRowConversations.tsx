import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Form, Heading } from '../../ui/controls.ts';
import { TextInput } from '../../ui/TextInput.tsx';
import { Conversations } from '../conversations/Conversations.tsx';
import { useClientConversations } from '../conversations/api.ts';

const rowKey = (policyId: string, documentId: string, row: number) => `${policyId}/${documentId}/${row}`;

/**
 * Conversations on the rows of one census file: the rows already discussed, a row to discuss by its
 * number (or from an issue's 'Discuss' button), and that row's threads.
 */
export function CensusRowConversations({
  clientId,
  policyId,
  documentId,
  fileName,
  rows,
  row,
  onRow,
}: {
  clientId: string;
  policyId: string;
  documentId: string;
  fileName: string;
  /** How many rows the file has. */
  rows: number;
  row: number | null;
  onRow: (row: number) => void;
}) {
  const { data } = useClientConversations(clientId);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const prefix = `${policyId}/${documentId}/`;
  const section = useRef<HTMLElement>(null);
  // A row chosen from an issue's 'Discuss' is brought into view, its heading focused for the keyboard.
  useEffect(() => {
    if (row === null) return;
    const heading = section.current?.querySelector<HTMLElement>('.conversations h3');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.scrollIntoView({ block: 'start' });
    heading.focus();
  }, [row]);
  const discussed = [
    ...new Set(
      (data?.threads ?? [])
        .filter((t) => t.subject.type === 'CENSUS_ROW' && t.subject.key.startsWith(prefix))
        .map((t) => Number(t.subject.key.slice(prefix.length))),
    ),
  ].sort((a, b) => a - b);

  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(typed.trim());
    if (!Number.isInteger(value) || value < 1 || value > rows) {
      setError(`Enter a row number from 1 to ${rows.toLocaleString('en-US')}`);
      return;
    }
    setError(undefined);
    onRow(value);
  };

  return (
    <section
      ref={section}
      className="card"
      aria-labelledby="census-conversations-title"
      data-testid="census-conversations"
    >
      <Heading level={2} id="census-conversations-title" className="card__title">
        Questions on rows
      </Heading>
      {discussed.length > 0 && (
        <div className="button-row" aria-label="Rows with conversations">
          {discussed.map((r) => (
            <Button key={r} className="button button--secondary" onPress={() => onRow(r)}>
              Row {r}
            </Button>
          ))}
        </div>
      )}
      <Form className="census__filters" onSubmit={choose} validationBehavior="aria">
        <TextInput label="Row number" value={typed} onChange={setTyped} error={error} />
        <Button type="submit" className="button button--secondary">
          Discuss this row
        </Button>
      </Form>
      {row !== null && (
        <Conversations
          key={row}
          clientId={clientId}
          headingLevel={3}
          subject={{
            type: 'CENSUS_ROW',
            key: rowKey(policyId, documentId, row),
            label: `Row ${row} of ${fileName}`,
          }}
        />
      )}
    </section>
  );
}
