import { useState } from 'react';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Heading, Link } from '../../ui/controls.ts';
import { ListTable, listControls } from '../../ui/ListTable.tsx';
import { EMAIL_TEMPLATES_PATH, clientEmailPath, emailPath } from '../../app/routes.ts';
import {
  DEFAULT_EMAIL_QUERY,
  EMAIL_PAGE_SIZE,
  formatWhen,
  useEmailPage,
  type EmailListQuery,
} from './api.ts';
import { StatusPill } from './StatusPill.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import './emails.css';

/**
 * 'All emails' for staff (clientId null) and the client's e-mails in the hub: search (subject,
 * recipients, client), sort by column, 25 a page; a row opens the e-mail.
 */
export function EmailsListPage({ clientId = null }: { clientId?: string | null }) {
  const [query, setQuery] = useState<EmailListQuery>(DEFAULT_EMAIL_QUERY);
  const { data, error } = useEmailPage(clientId, query);
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
        <SearchBox
          value={query.search}
          onChange={(search) => setQuery({ ...query, search, page: 1 })}
          placeholder={clientId === null ? 'Subject, recipient or client' : 'Subject or recipient'}
        />
        <QueryState data={data} error={error} staleError="above">
          {(data) => (
            <ListTable
              label={title}
              testId="emails-table"
              rowTestId="email-row"
              columns={[
                { id: 'subject', label: 'Subject', isSortable: true },
                { id: 'to', label: 'To', isSortable: true },
                { id: 'kind', label: 'Kind', isSortable: true },
                clientId === null ? { id: 'client', label: 'Client' } : { id: 'cc', label: 'CC' },
                { id: 'status', label: 'Status', isSortable: true },
                { id: 'createdAt', label: 'Created', isSortable: true },
              ]}
              items={data.items}
              rowId={(email) => email.emailId}
              cells={(email) => [
                <Link href={open(email.emailId)}>{email.subject}</Link>,
                email.to.join(', '),
                email.kindLabel,
                clientId === null ? (email.clientName ?? '—') : email.cc.join(', ') || '—',
                <StatusPill status={email.status} label={email.statusLabel} />,
                formatWhen(email.createdAt),
              ]}
              empty="No e-mails found."
              {...listControls(query, setQuery, {
                total: data.total,
                pageSize: EMAIL_PAGE_SIZE,
                noun: ['e-mail', 'e-mails'],
              })}
            />
          )}
        </QueryState>
      </section>
    </div>
  );
}
