import { useState } from 'react';
import {
  Cell,
  Column,
  Heading,
  Input,
  Label,
  Link,
  Row,
  SearchField,
  Table,
  TableBody,
  TableHeader,
  type SortDescriptor,
} from '../../ui/controls.ts';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { EMAIL_TEMPLATES_PATH, clientEmailPath, emailPath } from '../../app/routes.ts';
import {
  DEFAULT_EMAIL_QUERY,
  EMAIL_PAGE_SIZE,
  formatWhen,
  useEmailPage,
  type EmailListQuery,
} from './api.ts';
import { StatusPill } from './StatusPill.tsx';
import './emails.css';

/**
 * 'All emails' for staff (clientId null) and the client's e-mails in the hub: search (subject,
 * recipients, client), sort by column, 25 a page; a row opens the e-mail.
 */
export function EmailsListPage({ clientId = null }: { clientId?: string | null }) {
  const [query, setQuery] = useState<EmailListQuery>(DEFAULT_EMAIL_QUERY);
  const { data, error, isLoading } = useEmailPage(clientId, query);
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / EMAIL_PAGE_SIZE));
  const sortDescriptor: SortDescriptor = {
    column: query.sortBy,
    direction: query.sortDirection === 'asc' ? 'ascending' : 'descending',
  };
  const title = clientId === null ? 'All emails' : 'Emails';
  const open = (emailId: string) =>
    clientId === null ? emailPath(emailId) : clientEmailPath(clientId, emailId);

  return (
    <div className="page page--wide">
      <div className="page__header page__header--row">
        <Heading level={1}>{title}</Heading>
        {clientId === null && (
          <Link className="button button--secondary" href={EMAIL_TEMPLATES_PATH}>
            Templates
          </Link>
        )}
      </div>
      <p className="muted">
        {clientId === null
          ? 'Every e-mail the portal sent or is sending, newest first.'
          : 'The e-mails sent about this client, newest first.'}
      </p>
      <section className="card">
        <SearchField
          className="field search-field"
          value={query.search}
          onChange={(search) => setQuery({ ...query, search, page: 1 })}
        >
          <Label className="field__label">Search</Label>
          <Input
            className="field__input"
            placeholder={clientId === null ? 'Subject, recipient or client' : 'Subject or recipient'}
          />
        </SearchField>
        {error && <ErrorPanel error={error} />}
        {isLoading && !data && <PageSkeleton />}
        {data && (
          <Table
            aria-label={title}
            className="table"
            data-testid="emails-table"
            sortDescriptor={sortDescriptor}
            onSortChange={(next) =>
              setQuery({
                ...query,
                page: 1,
                sortBy: String(next.column) as EmailListQuery['sortBy'],
                sortDirection: next.direction === 'ascending' ? 'asc' : 'desc',
              })
            }
          >
            <TableHeader>
              <Column id="subject" isRowHeader allowsSorting>
                Subject
              </Column>
              <Column id="to" allowsSorting>
                To
              </Column>
              <Column id="kind" allowsSorting>
                Kind
              </Column>
              {clientId === null ? <Column id="client">Client</Column> : <Column id="cc">CC</Column>}
              <Column id="status" allowsSorting>
                Status
              </Column>
              <Column id="createdAt" allowsSorting>
                Created
              </Column>
            </TableHeader>
            <TableBody
              items={data.items}
              renderEmptyState={() => <p className="muted table__empty">No e-mails found.</p>}
            >
              {(email) => (
                <Row id={email.emailId} className="table__row" data-testid="email-row">
                  <Cell>
                    <Link href={open(email.emailId)}>{email.subject}</Link>
                  </Cell>
                  <Cell>{email.to.join(', ')}</Cell>
                  <Cell>{email.kindLabel}</Cell>
                  <Cell>{clientId === null ? (email.clientName ?? '—') : email.cc.join(', ') || '—'}</Cell>
                  <Cell>
                    <StatusPill status={email.status} label={email.statusLabel} />
                  </Cell>
                  <Cell>{formatWhen(email.createdAt)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        )}
        {data && (
          <Pager
            page={query.page}
            pageCount={pageCount}
            total={data.total}
            noun={['e-mail', 'e-mails']}
            onPage={(page) => setQuery({ ...query, page })}
          />
        )}
      </section>
    </div>
  );
}
