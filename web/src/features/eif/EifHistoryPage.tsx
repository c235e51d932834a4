import { useState } from 'react';
import type { EifEvent } from '@onboard/events';
import {
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
  Text,
} from 'react-aria-components';
import { useEifHistory, useHistoryPoint, type HistoryPoint } from './api.ts';
import { useClient } from '../../api/hooks.ts';
import { EifStatusBadge, FormSummary, PendingChangeGroups, StampList } from './Eif.tsx';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { attributeLabel, formatAnswer, roleName } from './steps.ts';
import { formatWhen } from '../../ui/format.ts';
import { pendingOf } from './view.ts';
import { clientManagePath } from '../../app/routes.ts';

const EVENT_LABELS: Record<EifEvent['type'], string> = {
  EifEntityCreated: 'Added',
  EifEntityChanged: 'Changed',
  EifEntityDeleted: 'Removed',
  EifSigned: 'Signed',
  EifChangesMarkedReadyForReview: 'Submitted for review',
  EifChangesAccepted: 'Accepted',
  EifChangesDeclined: 'Declined',
  EifIcEditsUndone: 'IC edits undone',
};

const eventLabel = (type: string) => EVENT_LABELS[type as EifEvent['type']] ?? type.replace(/^Eif/, '');

const KIND_LABELS = { added: 'Added since', removed: 'Removed since', changed: 'Changed since' } as const;

function PointView({ point }: { point: HistoryPoint }) {
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
          <PendingChangeGroups changes={pending} />
        </>
      )}
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
                  {d.attributeKey ? attributeLabel(d.attributeKey) : `${d.entity} ${d.entityId}`}
                  {d.entity !== 'Client' && d.attributeKey && (
                    <span className="client-list__meta">
                      {d.entity} {d.entityId}
                    </span>
                  )}
                </Cell>
                <Cell>{formatAnswer(d.attributeKey, d.then)}</Cell>
                <Cell>
                  <strong>{formatAnswer(d.attributeKey, d.now)}</strong>
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
 * Staff replay of the EIF (design brief): every event of the client's stream, and the whole form as it
 * stood after any of them with its difference from now.
 */
export function EifHistoryPage({ clientId }: { clientId: string }) {
  const { data: client } = useClient(clientId);
  const { data, error } = useEifHistory(clientId);
  const [revision, setRevision] = useState<number | null>(null);
  const point = useHistoryPoint(clientId, revision);
  const events = data?.events ?? [];

  return (
    <div className="page page--wide">
      <div className="page__header">
        <Link href={clientManagePath(clientId)} className="back-link">
          <span aria-hidden="true">←</span> {client?.name ?? 'Client'}
        </Link>
        <Heading level={1}>EIF history</Heading>
        <p className="muted">Choose any point in the timeline to see the whole form as it was then.</p>
      </div>
      {error && <ErrorPanel error={error} />}
      {!data && !error && <PageSkeleton />}
      {data && (
        <div className="history-layout">
          <section className="card history-timeline" aria-labelledby="timeline-title">
            <Heading level={2} id="timeline-title" className="card__title">
              Timeline ({events.length})
            </Heading>
            <ListBox
              aria-labelledby="timeline-title"
              className="timeline"
              selectionMode="single"
              selectedKeys={revision === null ? [] : [revision]}
              onSelectionChange={(keys) => {
                const [key] = keys === 'all' ? [] : [...keys];
                setRevision(key === undefined ? null : Number(key));
              }}
              items={[...events].reverse().map((e) => ({ ...e, id: e.revision }))}
            >
              {(event) => (
                <ListBoxItem
                  className="timeline__item"
                  textValue={`${eventLabel(event.type)} ${event.summary}`}
                  data-testid="history-event"
                  data-type={event.type}
                >
                  <span className="timeline__head">
                    <span className={`timeline__type timeline__type--${event.type}`}>
                      {eventLabel(event.type)}
                    </span>
                    <span className="timeline__when">{formatWhen(event.at)}</span>
                  </span>
                  <Text slot="label" className="timeline__summary">
                    {event.summary}
                  </Text>
                  <Text slot="description" className="timeline__who">
                    {event.actor.userId} · {roleName(event.actor.role)}
                  </Text>
                </ListBoxItem>
              )}
            </ListBox>
          </section>
          <section className="card history-detail" aria-label="The form at the chosen point">
            {revision === null && (
              <p className="muted">Choose an event to see the form as it was after it.</p>
            )}
            {point.error && <ErrorPanel error={point.error} />}
            {revision !== null && !point.data && !point.error && <PageSkeleton />}
            {point.data && <PointView point={point.data} />}
          </section>
        </div>
      )}
    </div>
  );
}
