import { useState, type ReactNode } from 'react';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { NativeSelect } from '../../ui/NativeSelect.tsx';
import { useLocation } from 'wouter';
import { useAction } from '../../api/action.ts';
import { anyErrorMessage } from '../../api/errors.ts';
import { Button, Input, TextField } from '../../ui/controls.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { TableHead } from '../../ui/TableHead.tsx';
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
  const [picked, setPicked] = useState('');
  if (people.length === 0) return null;
  return (
    <NativeSelect
      label={label}
      value={picked}
      placeholder="Someone else (enter below)"
      options={people.map((p) => ({ value: p.userId, label: `${p.name} (${ROLE_WORDS[p.role] ?? p.role})` }))}
      onChange={(userId) => {
        setPicked(userId);
        onPick(people.find((p) => p.userId === userId) ?? null);
      }}
    />
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
      <NativeSelect
        label="Template"
        value={templateId}
        placeholder="Choose a template"
        options={ready.map((t) => ({ value: t.templateId, label: t.name }))}
        onChange={choose}
        testId="send-template"
      />
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
  const [reassigning, setReassigning] = useState<Reassigning | null>(null);
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);
  const [voiding, setVoiding] = useState<OnboardingForm | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction((work: () => Promise<unknown>) => work(), { describe: anyErrorMessage });
  const run: Run = (work) => {
    setNotice(null);
    return action.run(work);
  };
  const outcome = (
    <>
      {action.error && <Alert tone="error">{action.error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
    </>
  );
  const recipientActions: RecipientActions = {
    onReassign: setReassigning,
    onLink: (form, r) =>
      void run(async () => {
        const answer = await writes.signingLink(form.onboardingFormId, r.recipientId);
        setLink({ name: r.name, url: new URL(answer.url, window.location.origin).toString() });
      }),
    onExtend: (form, r) =>
      void run(async () => {
        await writes.extendLink(form.onboardingFormId, r.recipientId);
        setNotice(`The signing link of ${r.name} was extended.`);
      }),
  };

  return (
    <div className="esign-task" data-testid="onboarding-forms">
      <ReadyToSign
        ready={ready ?? []}
        isStaff={isStaff}
        onSign={(r) =>
          void run(async () => {
            const { url } = await writes.signingLink(r.onboardingFormId, r.recipientId);
            navigate(url);
          })
        }
      />
      {outcome}
      {error && <Alert tone="error">{anyErrorMessage(error)}</Alert>}
      <section aria-labelledby="forms-title">
        <h2 id="forms-title" className="card__title">
          Forms
        </h2>
        {forms && forms.length === 0 && <p>No forms have been sent yet.</p>}
        {(forms ?? []).map((form) => (
          <FormCard
            key={form.onboardingFormId}
            clientId={clientId}
            form={form}
            isStaff={isStaff}
            actions={recipientActions}
            onVoid={() => setVoiding(form)}
          />
        ))}
      </section>
      {isStaff && (
        <>
          <SendForm clientId={clientId} people={people} />
          <TemplateBuilder />
        </>
      )}
      <ReassignDialog
        reassigning={reassigning}
        people={people}
        outcome={outcome}
        onClose={() => setReassigning(null)}
        onReassign={(target, recipient) =>
          run(async () => {
            await writes.reassign(target.formId, recipient);
            setReassigning(null);
          })
        }
      />
      <LinkDialog link={link} onClose={() => setLink(null)} />
      <VoidDialog
        voiding={voiding}
        onClose={() => setVoiding(null)}
        onVoid={(target, reason) =>
          run(async () => {
            await writes.voidForm(target.onboardingFormId, reason);
            setVoiding(null);
          })
        }
      />
    </div>
  );
}

type ReassignBody = Parameters<ReturnType<typeof useFormWrites>['reassign']>[1];
type Run = (work: () => Promise<unknown>) => Promise<unknown>;
type Recipient = OnboardingForm['recipients'][number];
type Reassigning = { formId: string; recipientId: string; name: string; roleId: string };
type RecipientActions = {
  onReassign: (reassigning: Reassigning) => void;
  onLink: (form: OnboardingForm, recipient: Recipient) => void;
  onExtend: (form: OnboardingForm, recipient: Recipient) => void;
};
type ReadyRecipient = NonNullable<ReturnType<typeof useReadyToSign>['data']>[number];

/** The forms whose turn it is: for a client user, theirs to sign now. */
function ReadyToSign({
  ready,
  isStaff,
  onSign,
}: {
  ready: ReadyRecipient[];
  isStaff: boolean;
  onSign: (recipient: ReadyRecipient) => void;
}) {
  if (ready.length === 0) return null;
  return (
    <section className="card task-card" aria-labelledby="ready-title">
      <h2 id="ready-title" className="card__title">
        {isStaff ? 'Whose turn it is' : 'Waiting for your signature'}
      </h2>
      <ul className="esign-ready">
        {ready.map((r) => (
          <li key={r.recipientId}>
            {r.formName}, as {r.roleName} ({r.name}){' '}
            {!isStaff && (
              <Button className="button button--primary" onPress={() => onSign(r)}>
                Sign {r.formName}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One form: its status, its roles' progress, each recipient's status, its audit trail and downloads. */
function FormCard({
  clientId,
  form,
  isStaff,
  actions,
  onVoid,
}: {
  clientId: string;
  form: OnboardingForm;
  isStaff: boolean;
  actions: RecipientActions;
  onVoid: () => void;
}) {
  const now = new Date();
  return (
    <article className="esign-form card" data-testid="onboarding-form">
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
        <TableHead
          columns={[
            'Recipient',
            'Role',
            'Status',
            'Date',
            ...(isStaff ? [<span className="visually-hidden">Actions</span>] : []),
          ]}
        />
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
                  <RecipientButtons form={form} recipient={r} actions={actions} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <AuditTrail form={form} />
      <div className="button-row">
        <a className="button button--secondary" href={downloadPath(clientId, form.onboardingFormId)} download>
          {form.status === 'completed' ? 'Download the completed form' : 'Download as it is now'}
        </a>
        {isStaff && (form.status === 'sent' || form.status === 'declined') && (
          <Button className="button button--secondary" onPress={onVoid}>
            Void
          </Button>
        )}
      </div>
    </article>
  );
}

/** What staff may do for a recipient still to sign: reassign, show the signing link, extend it. */
function RecipientButtons({
  form,
  recipient: r,
  actions,
}: {
  form: OnboardingForm;
  recipient: Recipient;
  actions: RecipientActions;
}) {
  if (
    !(form.status === 'sent' || form.status === 'declined') ||
    !['sent', 'delivered', 'declined', 'waiting'].includes(r.status)
  )
    return null;
  return (
    <div className="button-row">
      <Button
        className="button button--secondary"
        onPress={() =>
          actions.onReassign({
            formId: form.onboardingFormId,
            recipientId: r.recipientId,
            name: r.name,
            roleId: r.roleId,
          })
        }
      >
        Reassign
      </Button>
      {r.userId === null && r.status !== 'declined' && r.status !== 'waiting' && (
        <Button className="button button--secondary" onPress={() => actions.onLink(form, r)}>
          Signing link
        </Button>
      )}
      {r.userId === null && r.linkExpiresAt && canStillSign(r) && (
        <Button
          className="button button--secondary"
          aria-label={`Extend the signing link of ${r.name}`}
          onPress={() => actions.onExtend(form, r)}
        >
          Extend link
        </Button>
      )}
    </div>
  );
}

/** A dialog holding a form: its fields, then Cancel and the submit button. */
function FormDialog({
  title,
  isOpen,
  submitLabel,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  isOpen: boolean;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <ModalDialog title={title} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <FormFooter error={null} onCancel={onClose}>
          <Button type="submit" className="button button--primary">
            {submitLabel}
          </Button>
        </FormFooter>
      </form>
    </ModalDialog>
  );
}

function ReassignDialog({
  reassigning,
  people,
  outcome,
  onClose,
  onReassign,
}: {
  reassigning: Reassigning | null;
  people: Person[];
  outcome: ReactNode;
  onClose: () => void;
  onReassign: (target: Reassigning, recipient: ReassignBody) => unknown;
}) {
  const [draft, setDraft] = useState<RecipientDraft>({ roleId: '', name: '', email: '', userId: null });
  const [shown, setShown] = useState<Reassigning | null>(null);
  // Each recipient reassigned starts from an empty draft of its role.
  if (reassigning !== shown) {
    setShown(reassigning);
    if (reassigning) setDraft({ roleId: reassigning.roleId, name: '', email: '', userId: null });
  }
  return (
    <FormDialog
      title={`Reassign ${reassigning?.name ?? ''}`}
      isOpen={reassigning !== null}
      submitLabel="Reassign"
      onClose={onClose}
      onSubmit={() =>
        void onReassign(reassigning!, {
          recipientId: reassigning!.recipientId,
          name: draft.name,
          email: draft.email,
          userId: draft.userId,
        })
      }
    >
      <RecipientFields
        draft={draft}
        onChange={setDraft}
        people={people}
        label="Pick from the client’s people"
      />
      {outcome}
    </FormDialog>
  );
}

function LinkDialog({ link, onClose }: { link: { name: string; url: string } | null; onClose: () => void }) {
  return (
    <ModalDialog
      title={`Signing link for ${link?.name ?? ''}`}
      isOpen={link !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <p>
        {link?.name} was e-mailed this link. It opens once, within 3 days; you can also pass it on yourself.
      </p>
      <TextField isReadOnly value={link?.url ?? ''} aria-label="Signing link">
        <Input className="field__input" onFocus={(e) => e.target.select()} />
      </TextField>
      <div className="dialog__actions">
        <Button className="button button--primary" onPress={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  );
}

function VoidDialog({
  voiding,
  onClose,
  onVoid,
}: {
  voiding: OnboardingForm | null;
  onClose: () => void;
  onVoid: (target: OnboardingForm, reason: string) => unknown;
}) {
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      title={`Void ${voiding?.formName ?? ''}`}
      isOpen={voiding !== null}
      submitLabel="Void"
      onClose={onClose}
      onSubmit={() => void onVoid(voiding!, reason)}
    >
      <TextInput label="Why is it voided?" value={reason} onChange={setReason} isRequired />
    </FormDialog>
  );
}
