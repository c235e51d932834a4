import { useState } from 'react';
import {
  Button,
  Cell,
  Column,
  Heading,
  Link,
  ListBox,
  ListBoxItem,
  Row,
  Table,
  TableBody,
  TableHeader,
} from '../../ui/controls.ts';
import { hasForm, useEifHistory, useHistoryPoint, type FormAtPoint } from './api.ts';
import { useClient } from '../../api/hooks.ts';
import { EifStatusBadge, FormSummary, StampList } from './Eif.tsx';
import { PendingChangeGroups } from './Changes.tsx';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { attributeLabel, formatAnswer } from './words.ts';
import { entityLabel } from '@onboard/domain/web';
import { formatWhen } from '../../ui/format.ts';
import { pendingOf } from './view.ts';
import { clientManagePath } from '../../app/routes.ts';
import { ConversationsAsOf } from '../conversations/ConversationsAsOf.tsx';
import { QueryState } from '../../ui/QueryState.tsx';

const KIND_LABELS = { added: 'Added since', removed: 'Removed since', changed: 'Changed since' } as const;

function PointView({ clientId, point }: { clientId: string; point: FormAtPoint }) {
  const pending = pendingOf(point.form);
  return (
    <div className="history-point" data-testid="history-point">
      <div className="card__header">
        <Heading level={2} className="card__title">
          The form as of {formatWhen(point.asOf)}
        </Heading>
        <EifStatusBadge client={point.form} />
      </div>
      <p className="muted">
        Revision {point.revision}. Accepted answers, with what was pending review at that time.
      </p>
      <FormSummary client={point.form} />
      <Heading level={3} className="summary__step">
        Signature and review
      </Heading>
      <StampList client={point.form} />
      {pending.length > 0 && (
        <>
          <Heading level={3} className="summary__step">
            Pending review then ({pending.length})
          </Heading>
          <PendingChangeGroups changes={pending} client={point.form} />
        </>
      )}
      <ConversationsAsOf clientId={clientId} asOf={point.asOf} />
      <Heading level={3} className="summary__step">
        Difference from now
      </Heading>
      {point.differences.length === 0 ? (
        <p className="muted" data-testid="no-differences">
          The form is the same now.
        </p>
      ) : (
        <Table aria-label="Difference from now" className="table" data-testid="differences">
          <TableHeader>
            <Column isRowHeader>Answer</Column>
            <Column>Then</Column>
            <Column>Now</Column>
            <Column>Kind</Column>
          </TableHeader>
          <TableBody items={point.differences.map((d, i) => ({ ...d, id: i }))}>
            {(d) => (
              <Row className="table__row">
                <Cell>
                  {d.attributeKey
                    ? attributeLabel(d.attributeKey, d.entity)
                    : entityLabel(
                        d.entity,
                        d.entityId,
                        point.current,
                        (d.now ?? d.then) as Record<string, unknown>,
                      )}
                  {d.entity !== 'Client' && d.attributeKey && (
                    <span className="client-list__meta">
                      {entityLabel(d.entity, d.entityId, point.current ?? point.form)}
                    </span>
                  )}
                </Cell>
                <Cell>{formatAnswer(d.attributeKey, d.then, d.entity, point.form)}</Cell>
                <Cell>
                  <strong>{formatAnswer(d.attributeKey, d.now, d.entity, point.current)}</strong>
                </Cell>
                <Cell>{KIND_LABELS[d.kind]} then</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

/**
 * Staff replay of the EIF (design brief): the history newest first, a page at a time, one entry per save
 * in words; and the whole form as it stood after any entry, with its difference from now.
 */
export function EifHistoryPage({ clientId }: { clientId: string }) {
  const { data: client } = useClient(clientId);
  const { data: pages, error, size, setSize, isValidating } = useEifHistory(clientId);
  const [revision, setRevision] = useState<number | null>(null);
  const point = useHistoryPoint(clientId, revision);
  const entries = (pages ?? []).flatMap((page) => page.entries);
  const total = pages?.[0]?.total ?? 0;
  const hasMore = pages !== undefined && pages[pages.length - 1]?.nextBefore != null;
  const isLoadingMore = isValidating && pages !== undefined && pages.length < size;

  return (
    <div className="page page--wide">
      <div className="page__header">
        <Link href={clientManagePath(clientId)} className="back-link">
          <span aria-hidden="true">←</span> {client?.name ?? 'Client'}
        </Link>
        <Heading level={1}>EIF history</Heading>
        <p className="muted">Choose any point in the timeline to see the whole form as it was then.</p>
      </div>
      <QueryState data={pages} error={error} staleError="above">
        {() => (
          <div className="history-layout">
            <section className="card history-timeline" aria-labelledby="timeline-title">
              <Heading level={2} id="timeline-title" className="card__title">
                Timeline
              </Heading>
              <p className="muted" data-testid="history-count">
                Showing {entries.length} of {total} {total === 1 ? 'save' : 'saves'}, newest first.
              </p>
              <ListBox
                aria-labelledby="timeline-title"
                className="timeline"
                selectionMode="single"
                selectedKeys={revision === null ? [] : [revision]}
                onSelectionChange={(keys) => {
                  const [key] = keys === 'all' ? [] : [...keys];
                  setRevision(key === undefined ? null : Number(key));
                }}
                items={entries.map((e) => ({ ...e, id: e.revision }))}
              >
                {(entry) => (
                  <ListBoxItem
                    className="timeline__item"
                    textValue={`${entry.kinds.join(', ')} ${entry.summary}`}
                    data-testid="history-event"
                    data-type={entry.type}
                  >
                    <span className="timeline__head">
                      <span className={`timeline__type timeline__type--${entry.type}`}>
                        {entry.kinds.join(', ')}
                      </span>
                      <span className="timeline__when">{formatWhen(entry.at)}</span>
                    </span>
                    {/* The option is named by all it shows (kind, time, what changed, who), as it reads. */}
                    <span className="timeline__summary">
                      {entry.lines.length === 1 ? (
                        entry.lines[0]
                      ) : (
                        <ul className="plain-list timeline__lines" data-testid="history-lines">
                          {entry.lines.map((line, i) => (
                            <li key={i}>{line}</li>
                          ))}
                        </ul>
                      )}
                    </span>
                    <span className="timeline__who">{entry.who}</span>
                  </ListBoxItem>
                )}
              </ListBox>
              {hasMore && (
                <div className="button-row card__actions">
                  <Button
                    className="button button--secondary"
                    isPending={isLoadingMore}
                    onPress={() => void setSize(size + 1)}
                  >
                    Show older
                  </Button>
                </div>
              )}
            </section>
            <section className="card history-detail" aria-label="The form at the chosen point">
              {revision === null && (
                <p className="muted">Choose an entry to see the form as it was after it.</p>
              )}
              {point.error && <ErrorPanel error={point.error} />}
              {revision !== null && !point.data && !point.error && <PageSkeleton />}
              {point.data && hasForm(point.data) && <PointView clientId={clientId} point={point.data} />}
            </section>
          </div>
        )}
      </QueryState>
    </div>
  );
}
