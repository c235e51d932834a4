import { useEffect, useState } from 'react';
import { TableHead } from '../../ui/TableHead.tsx';
import { Button, Heading, Link } from '../../ui/controls.ts';
import {
  RULE_ROLES,
  RULE_ROLE_LABELS,
  recipientsFor,
  type EmailRule,
  type RuleRole,
  ADDRESSED_TO_LABEL,
  copiesFor,
  isAddressedKind,
} from '@onboard/domain/web';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { call, useRead, type Read } from '../../api/client.ts';
import { useClient } from '../../api/hooks.ts';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { NoticeAlert } from '../../ui/Feedback.tsx';
import { clientManagePath } from '../../app/routes.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import './emails.css';

type RulesView = Read<'/api/clients/{clientId}/email-rules'>;
type Row = RulesView['rules'][number] & { ccText: string };

const toggle = (list: RuleRole[], role: RuleRole, on: boolean) =>
  on ? [...new Set([...list, role])] : list.filter((r) => r !== role);
const addresses = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');

/** A checkbox per role, ticked for the roles given; a change hands back the roles ticked. */
function RoleChecks({ roles, onChange }: { roles: RuleRole[]; onChange: (roles: RuleRole[]) => void }) {
  return RULE_ROLES.map((role) => (
    <CheckboxInput
      key={role}
      isSelected={roles.includes(role)}
      onChange={(on) => onChange(toggle(roles, role, on))}
    >
      {RULE_ROLE_LABELS[role]}
    </CheckboxInput>
  ));
}

/** One person's choice of the daily digest, switched by staff. */
function DigestChoice({ person }: { person: RulesView['people'][number] }) {
  const { userId } = person;
  const { data, mutate } = useRead('/api/users/{userId}/email-preferences', { userId });
  return (
    <CheckboxInput
      isSelected={data?.daily ?? false}
      onChange={(daily) =>
        void call('put', '/api/users/{userId}/email-preferences', {
          params: { userId },
          body: { daily },
        }).then(() => mutate({ daily }, { revalidate: false }))
      }
    >
      {person.name} ({person.roleLabel.replace(/s$/, '').toLowerCase()}): one daily digest instead of single
      e-mails
    </CheckboxInput>
  );
}

/**
 * A client's notification rules (staff): for each kind of e-mail, who receives it and who is copied,
 * with a live preview of the people that choice reaches.
 */
export function EmailRulesPage({ clientId }: { clientId: string }) {
  const { data, error, mutate } = useRead('/api/clients/{clientId}/email-rules', { clientId });
  const { data: client } = useClient(clientId);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    if (data && rows === null) setRows(data.rules.map((r) => ({ ...r, ccText: r.ccAddresses.join(', ') })));
  }, [data, rows]);

  const update = (kind: string, change: Partial<Row>) =>
    setRows((current) => current?.map((r) => (r.kind === kind ? { ...r, ...change } : r)) ?? null);

  const asRules = (list: Row[]): EmailRule[] =>
    list.map((r) => ({
      kind: r.kind as EmailRule['kind'],
      to: r.to,
      ccRoles: r.ccRoles,
      ccAddresses: addresses(r.ccText),
    }));

  const save = async () => {
    if (!rows) return;
    setIsSaving(true);
    setErrors({});
    try {
      await call('put', '/api/clients/{clientId}/email-rules', {
        params: { clientId },
        body: { rules: asRules(rows) },
      });
      setNotice({ tone: 'success', text: 'The notification rules were saved.' });
      await mutate();
    } catch (caught) {
      if (caught instanceof ApiError) setErrors(caught.fieldErrors);
      setNotice({ tone: 'error', text: caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setIsSaving(false);
    }
  };

  const people = data?.people ?? [];
  const rules = rows ? asRules(rows) : [];

  return (
    <div className="page page--wide">
      <Link className="back-link" href={clientManagePath(clientId)}>
        ← {client?.name ?? 'Manage client'}
      </Link>
      <div className="page__header page__header--row">
        <Heading level={1}>Notification rules</Heading>
        <Button className="button button--primary" isDisabled={!rows || isSaving} onPress={() => void save()}>
          Save rules
        </Button>
      </div>
      <p className="muted">
        Who receives each kind of e-mail about this client. Each recipient gets their own e-mail; everyone
        copied gets a copy of each.
      </p>
      <NoticeAlert notice={notice} testId="rules-notice" />
      <QueryState data={rows} error={error} staleError="above">
        {(rows) => (
          <table className="table email-rules" data-testid="email-rules">
            <TableHead columns={['E-mail', 'Sent to', 'Copied', 'Who would receive it']} />
            <tbody>
              {rows.map((row, i) => {
                // A form's e-mails go to the recipient they concern; the rule names only who is copied.
                const addressed = isAddressedKind(row.kind);
                const preview = addressed
                  ? { to: [], cc: copiesFor(rules, row.kind as Parameters<typeof copiesFor>[1], people, '') }
                  : recipientsFor(rules, row.kind as EmailRule['kind'], people);
                const ccErrors = Object.entries(errors)
                  .filter(([key]) => key.startsWith(`body.rules.${i}.ccAddresses`))
                  .map(([, message]) => message);
                return (
                  <tr key={row.kind} data-testid={`rule-${row.kind}`}>
                    <th scope="row">{row.kindLabel}</th>
                    <td>
                      {addressed && <span>{ADDRESSED_TO_LABEL}</span>}
                      {!addressed && (
                        <RoleChecks roles={row.to} onChange={(to) => update(row.kind, { to })} />
                      )}
                    </td>
                    <td>
                      <RoleChecks roles={row.ccRoles} onChange={(ccRoles) => update(row.kind, { ccRoles })} />
                      <label className="field email-rules__cc">
                        <span className="field__label">Also copy (addresses)</span>
                        <input
                          className="field__input"
                          value={row.ccText}
                          aria-invalid={ccErrors.length > 0 || undefined}
                          onChange={(event) => update(row.kind, { ccText: event.target.value })}
                        />
                        {ccErrors.length > 0 && <span className="field__error">{ccErrors[0]}</span>}
                      </label>
                    </td>
                    <td data-testid={`rule-preview-${row.kind}`}>
                      {!addressed && preview.to.length === 0 ? (
                        <span className="muted">Nobody</span>
                      ) : (
                        <>
                          <div>
                            <strong>To:</strong>{' '}
                            {addressed
                              ? ADDRESSED_TO_LABEL.toLowerCase()
                              : preview.to.map((p) => `${p.name} (${p.email})`).join(', ')}
                          </div>
                          {preview.cc.length > 0 && (
                            <div>
                              <strong>CC:</strong> {preview.cc.join(', ')}
                            </div>
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </QueryState>
      {data && data.people.length > 0 && (
        <section className="card email-rules__digest" aria-labelledby="digest-title">
          <Heading level={2} id="digest-title" className="email-detail__heading">
            Daily digest
          </Heading>
          <p className="muted">
            A person who chooses the digest gets the e-mails above once a day, together, instead of one by
            one.
          </p>
          {data.people.map((person) => (
            <DigestChoice key={person.userId} person={person} />
          ))}
        </section>
      )}
    </div>
  );
}
