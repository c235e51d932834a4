import { useState } from 'react';
import { useLocation } from 'wouter';
import { useAction } from '../../api/action.ts';
import { anyErrorMessage } from '../../api/errors.ts';
import { Button, Input, TextField } from '../../ui/controls.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { formatDate } from '../tasks/format.ts';
import { AuditTrail } from './AuditTrail.tsx';
import { TemplateBuilder } from './TemplateBuilder.tsx';
import {
  downloadPath,
  useClientPeople,
  useFormWrites,
  useOnboardingForms,
  useReadyToSign,
  useTemplates,
  type OnboardingForm,
} from './api.ts';
import './onboarding-forms.css';

type RecipientDraft = { roleId: string; name: string; email: string; userId: string | null };
type Person = { userId: string; name: string; email: string; role: string };

const ROLE_WORDS: Record<string, string> = { BEN_ADMIN: 'Benefits administrator', BROKER: 'Broker' };

/** The date of a recipient's latest step, in words. */
function lastStep(r: OnboardingForm['recipients'][number]) {
  const at = r.signedAt ?? r.declinedAt ?? r.releasedAt ?? r.deliveredAt ?? r.lastEditAt;
  return at ? formatDate(at) : '';
}

/** Whether a recipient may still sign: their link (and its expiry) matters only then. */
const canStillSign = (r: OnboardingForm['recipients'][number]) =>
  r.status === 'waiting' || r.status === 'sent' || r.status === 'delivered';

/** When a recipient's e-mailed signing link stops working, or that it has. */
function linkExpiry(expiresAt: string, now: Date) {
  return expiresAt > now.toISOString()
    ? `Link expires ${formatDate(expiresAt)}`
    : `Link expired ${formatDate(expiresAt)}`;
}

/** A person of the client, picked by name: fills the recipient's name, e-mail and account. */
function PersonPicker({
  people,
  onPick,
  label,
}: {
  people: Person[];
  onPick: (p: Person | null) => void;
  label: string;
}) {
  if (people.length === 0) return null;
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select
        className="field__input"
        defaultValue=""
        onChange={(e) => onPick(people.find((p) => p.userId === e.target.value) ?? null)}
      >
        <option value="">Someone else (enter below)</option>
        {people.map((p) => (
          <option key={p.userId} value={p.userId}>
            {p.name} ({ROLE_WORDS[p.role] ?? p.role})
          </option>
        ))}
      </select>
    </label>
  );
}

function RecipientFields({
  draft,
  onChange,
  people,
  label,
  heading = null,
}: {
  draft: RecipientDraft;
  onChange: (d: RecipientDraft) => void;
  people: Person[];
  label: string;
  /** 'Recipient 2' where a role has several, so each reads as one person. */
  heading?: string | null;
}) {
  return (
    <div className="esign-recipient" role={heading ? 'group' : undefined} aria-label={heading ?? undefined}>
      {heading && <p className="esign-recipient__heading">{heading}</p>}
      <PersonPicker
        people={people}
        label={label}
        onPick={(p) =>
          onChange(
            p ? { ...draft, name: p.name, email: p.email, userId: p.userId } : { ...draft, userId: null },
          )
        }
      />
      <TextInput
        label="Name"
        value={draft.name}
        onChange={(name) => onChange({ ...draft, name, userId: null })}
      />
      <TextInput
        label="E-mail"
        type="email"
        value={draft.email}
        onChange={(email) => onChange({ ...draft, email, userId: null })}
      />
    </div>
  );
}

/** Staff send a template to the client's people: recipients per role, several for a quorum role. */
function SendForm({ clientId, people }: { clientId: string; people: Person[] }) {
  const { data: templates } = useTemplates(true);
  const writes = useFormWrites(clientId);
  const ready = (templates ?? []).filter((t) => t.fields.length > 0);
  const [templateId, setTemplateId] = useState('');
  const [formName, setFormName] = useState('');
  const [drafts, setDrafts] = useState<RecipientDraft[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const template = ready.find((t) => t.templateId === templateId);

  const choose = (id: string) => {
    setTemplateId(id);
    const t = ready.find((x) => x.templateId === id);
    setFormName(t?.name ?? '');
    setDrafts(
      (t?.roles ?? []).flatMap((r) =>
        Array.from({ length: r.quorum ?? 1 }, () => ({
          roleId: r.roleId,
          name: '',
          email: '',
          userId: null,
        })),
      ),
    );
  };

  const send = useAction(() => writes.send({ templateId, formName, recipients: drafts }), {
    describe: anyErrorMessage,
    onSuccess: (form) => {
      setSent(`${form.formName} was sent.`);
      choose('');
    },
  });

  return (
    <section className="card task-card esign-send" aria-labelledby="send-form-title">
      <h2 id="send-form-title" className="card__title">
        Send a form
      </h2>
      <label className="field">
        <span className="field__label">Template</span>
        <select
          className="field__input"
          value={templateId}
          onChange={(e) => choose(e.target.value)}
          data-testid="send-template"
        >
          <option value="">Choose a template</option>
          {ready.map((t) => (
            <option key={t.templateId} value={t.templateId}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      {template && (
        <>
          <TextInput label="Form name" value={formName} onChange={setFormName} />
          {[...template.roles]
            .sort((a, b) => a.routingOrder - b.routingOrder)
            .map((role) => (
              <RoleRecipients
                key={role.roleId}
                role={role}
                drafts={drafts}
                people={people}
                onChange={setDrafts}
              />
            ))}
          <div className="button-row">
            <Button
              className="button button--primary"
              isPending={send.isPending}
              onPress={() => void send.run()}
            >
              Send
            </Button>
          </div>
        </>
      )}
      {send.error && <Alert tone="error">{send.error}</Alert>}
      {sent && <Alert tone="success">{sent}</Alert>}
    </section>
  );
}

/** One role of the form being sent: its recipients (several for a quorum), and 'Add another recipient'. */
function RoleRecipients({
  role,
  drafts,
  people,
  onChange,
}: {
  role: { roleId: string; name: string; routingOrder: number; quorum: number | null };
  drafts: RecipientDraft[];
  people: Person[];
  onChange: (drafts: RecipientDraft[]) => void;
}) {
  return (
    <fieldset className="esign-send__role" data-testid={`send-role-${role.name}`}>
      <legend>
        {role.name}, signs {ordinal(role.routingOrder)}
        {role.quorum
          ? `: any ${role.quorum} of the ${drafts.filter((d) => d.roleId === role.roleId).length} below`
          : ''}
      </legend>
      {drafts.map((d, i) =>
        d.roleId === role.roleId ? (
          <RecipientFields
            key={i}
            draft={d}
            people={people}
            heading={
              drafts.filter((x) => x.roleId === role.roleId).length > 1
                ? `Recipient ${drafts.slice(0, i + 1).filter((x) => x.roleId === role.roleId).length}`
                : null
            }
            label={`${role.name}: pick from the client’s people`}
            onChange={(next) => onChange(drafts.map((x, j) => (j === i ? next : x)))}
          />
        ) : null,
      )}
      <Button
        className="button button--secondary"
        onPress={() => onChange([...drafts, { roleId: role.roleId, name: '', email: '', userId: null }])}
      >
        Add another recipient
      </Button>
    </fieldset>
  );
}

const ordinal = (n: number) => (n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : `in turn ${n}`);

/**
 * The onboarding-forms task: every form of the client with each recipient's status (live: the event
 * stream for staff, and every 6 s while someone is signing), the forms waiting for the signed-in user,
 * and for staff the template builder, sending, reassigning, signing links and voiding.
 */
export function OnboardingFormsTask({ clientId, isStaff }: { clientId: string; isStaff: boolean }) {
  const { data: forms, error } = useOnboardingForms(clientId);
  const { data: ready } = useReadyToSign(clientId);
  const people = useClientPeople(clientId, isStaff);
  const writes = useFormWrites(clientId);
  const [, navigate] = useLocation();
  const [reassigning, setReassigning] = useState<{
    formId: string;
    recipientId: string;
    name: string;
  } | null>(null);
  const [draft, setDraft] = useState<RecipientDraft>({ roleId: '', name: '', email: '', userId: null });
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);
  const [voiding, setVoiding] = useState<OnboardingForm | null>(null);
  const [voidReason, setVoidReason] = useState('');

  const [notice, setNotice] = useState<string | null>(null);
  const now = new Date();
  const action = useAction((work: () => Promise<unknown>) => work(), { describe: anyErrorMessage });
  const run = (work: () => Promise<unknown>) => {
    setNotice(null);
    return action.run(work);
  };
  const actionError = action.error;

  return (
    <div className="esign-task" data-testid="onboarding-forms">
      {(ready ?? []).length > 0 && (
        <section className="card task-card" aria-labelledby="ready-title">
          <h2 id="ready-title" className="card__title">
            {isStaff ? 'Whose turn it is' : 'Waiting for your signature'}
          </h2>
          <ul className="esign-ready">
            {(ready ?? []).map((r) => (
              <li key={r.recipientId}>
                {r.formName}, as {r.roleName} ({r.name}){' '}
                {!isStaff && (
                  <Button
                    className="button button--primary"
                    onPress={() =>
                      void run(async () => {
                        const { url } = await writes.signingLink(r.onboardingFormId, r.recipientId);
                        navigate(url);
                      })
                    }
                  >
                    Sign {r.formName}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {actionError && <Alert tone="error">{actionError}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert tone="error">{anyErrorMessage(error)}</Alert>}
      <section aria-labelledby="forms-title">
        <h2 id="forms-title" className="card__title">
          Forms
        </h2>
        {forms && forms.length === 0 && <p>No forms have been sent yet.</p>}
        {(forms ?? []).map((form) => (
          <article key={form.onboardingFormId} className="esign-form card" data-testid="onboarding-form">
            <header className="esign-form__header">
              <h3>{form.formName}</h3>
              <span
                className={`badge badge--${form.status === 'completed' ? 'success' : form.status === 'sent' ? 'info' : 'warning'}`}
                data-testid="form-status"
              >
                {form.statusLabel}
              </span>
            </header>
            <p className="esign-form__meta">
              Sent {formatDate(form.createdAt)} · last activity {formatDate(form.lastActionAt)}
              {form.lock ? ` · ${form.lock.recipientName} is signing now` : ''}
              {form.voidReason ? ` · voided: ${form.voidReason}` : ''}
            </p>
            {form.roles.some((role) => role.quorumLabel !== null) && (
              <ul className="esign-form__roles">
                {form.roles
                  .filter((role) => role.quorumLabel !== null)
                  .map((role) => (
                    <li key={role.roleId} data-testid="role-progress">
                      {role.name}: {role.quorumLabel!.toLowerCase()} sign · {role.progressLabel}
                    </li>
                  ))}
              </ul>
            )}
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Recipient</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Date</th>
                  {isStaff && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {form.recipients.map((r) => (
                  <tr key={r.recipientId} data-testid="recipient-row">
                    <td>
                      {r.name}
                      <br />
                      <span className="esign-muted">{r.email}</span>
                    </td>
                    <td>{r.roleName}</td>
                    <td data-testid="recipient-status">
                      {r.statusLabel}
                      {r.status === 'declined' && r.declineReason ? `: ${r.declineReason}` : ''}
                    </td>
                    <td>
                      {lastStep(r)}
                      {isStaff && r.userId === null && r.linkExpiresAt && canStillSign(r) && (
                        <>
                          <br />
                          <span className="esign-muted" data-testid="link-expiry">
                            {linkExpiry(r.linkExpiresAt, now)}
                          </span>
                        </>
                      )}
                    </td>
                    {isStaff && (
                      <td>
                        {(form.status === 'sent' || form.status === 'declined') &&
                          ['sent', 'delivered', 'declined', 'waiting'].includes(r.status) && (
                            <div className="button-row">
                              <Button
                                className="button button--secondary"
                                onPress={() => {
                                  setDraft({ roleId: r.roleId, name: '', email: '', userId: null });
                                  setReassigning({
                                    formId: form.onboardingFormId,
                                    recipientId: r.recipientId,
                                    name: r.name,
                                  });
                                }}
                              >
                                Reassign
                              </Button>
                              {r.userId === null && r.status !== 'declined' && r.status !== 'waiting' && (
                                <Button
                                  className="button button--secondary"
                                  onPress={() =>
                                    void run(async () => {
                                      const answer = await writes.signingLink(
                                        form.onboardingFormId,
                                        r.recipientId,
                                      );
                                      setLink({
                                        name: r.name,
                                        url: new URL(answer.url, window.location.origin).toString(),
                                      });
                                    })
                                  }
                                >
                                  Signing link
                                </Button>
                              )}
                              {r.userId === null && r.linkExpiresAt && canStillSign(r) && (
                                <Button
                                  className="button button--secondary"
                                  aria-label={`Extend the signing link of ${r.name}`}
                                  onPress={() =>
                                    void run(async () => {
                                      await writes.extendLink(form.onboardingFormId, r.recipientId);
                                      setNotice(`The signing link of ${r.name} was extended.`);
                                    })
                                  }
                                >
                                  Extend link
                                </Button>
                              )}
                            </div>
                          )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            <AuditTrail form={form} />
            <div className="button-row">
              <a
                className="button button--secondary"
                href={downloadPath(clientId, form.onboardingFormId)}
                download
              >
                {form.status === 'completed' ? 'Download the completed form' : 'Download as it is now'}
              </a>
              {isStaff && (form.status === 'sent' || form.status === 'declined') && (
                <Button className="button button--secondary" onPress={() => setVoiding(form)}>
                  Void
                </Button>
              )}
            </div>
          </article>
        ))}
      </section>
      {isStaff && (
        <>
          <SendForm clientId={clientId} people={people} />
          <TemplateBuilder />
        </>
      )}
      <ModalDialog
        title={`Reassign ${reassigning?.name ?? ''}`}
        isOpen={reassigning !== null}
        onOpenChange={(open) => !open && setReassigning(null)}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const target = reassigning!;
            void run(async () => {
              await writes.reassign(target.formId, {
                recipientId: target.recipientId,
                name: draft.name,
                email: draft.email,
                userId: draft.userId,
              });
              setReassigning(null);
            });
          }}
        >
          <RecipientFields
            draft={draft}
            onChange={setDraft}
            people={people}
            label="Pick from the client’s people"
          />
          {actionError && <Alert tone="error">{actionError}</Alert>}
          {notice && <Alert tone="success">{notice}</Alert>}
          <div className="dialog__actions">
            <Button className="button button--secondary" onPress={() => setReassigning(null)}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary">
              Reassign
            </Button>
          </div>
        </form>
      </ModalDialog>
      <ModalDialog
        title={`Signing link for ${link?.name ?? ''}`}
        isOpen={link !== null}
        onOpenChange={(open) => !open && setLink(null)}
      >
        <p>
          {link?.name} was e-mailed this link. It opens once, within 3 days; you can also pass it on yourself.
        </p>
        <TextField isReadOnly value={link?.url ?? ''} aria-label="Signing link">
          <Input className="field__input" onFocus={(e) => e.target.select()} />
        </TextField>
        <div className="dialog__actions">
          <Button className="button button--primary" onPress={() => setLink(null)}>
            Close
          </Button>
        </div>
      </ModalDialog>
      <ModalDialog
        title={`Void ${voiding?.formName ?? ''}`}
        isOpen={voiding !== null}
        onOpenChange={(open) => !open && setVoiding(null)}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const target = voiding!;
            void run(async () => {
              await writes.voidForm(target.onboardingFormId, voidReason);
              setVoiding(null);
            });
          }}
        >
          <TextInput label="Why is it voided?" value={voidReason} onChange={setVoidReason} isRequired />
          <div className="dialog__actions">
            <Button className="button button--secondary" onPress={() => setVoiding(null)}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary">
              Void
            </Button>
          </div>
        </form>
      </ModalDialog>
    </div>
  );
}
