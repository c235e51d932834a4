import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { useSWRConfig } from 'swr';
import { useAction } from '../../api/action.ts';
import { useAuthenticatedUser } from '../../api/hooks.ts';
import { ApiError } from '../../api/errors.ts';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { Button, Input, TextArea } from '../../ui/controls.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { PdfPages, cssBox } from './PdfPages.tsx';
import { SignaturePad } from './SignaturePad.tsx';
import {
  FIELD_KIND_LABELS,
  downloadPath,
  formsPath,
  openSigningView,
  signingAction,
  type OnboardingForm,
  type SigningSession,
} from './api.ts';
import './onboarding-forms.css';

const messageOf = (caught: unknown) =>
  caught instanceof Error && caught.message ? caught.message : 'Please try again.';

type Done = { kind: 'signed' | 'declined' | 'later'; form: OnboardingForm | null };

/**
 * The signing view (onboarding §2 `/onboarding-forms/{id}/action/{recipientId}`): opened by a single-use,
 * short-lived link; the document rendered, the recipient's fields numbered in reading order, a drawn or
 * typed signature, and sign, decline with a reason, or finish later. Works signed in or not.
 */
export function SigningPage({ clientId, onboardingFormId }: { clientId: string; onboardingFormId: string }) {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const { data: user } = useAuthenticatedUser();
  const [session, setSession] = useState<SigningSession | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  // A quorum member the others' signatures released: told so, not as an error.
  const [noLongerNeeded, setNoLongerNeeded] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    if (!token) {
      setOpenError('This signing link has expired. Ask for a new one.');
      return;
    }
    openSigningView(clientId, onboardingFormId, token).then(setSession, (caught: unknown) => {
      if (caught instanceof ApiError && caught.code === 'NO_LONGER_NEEDED') setNoLongerNeeded(caught.message);
      else setOpenError(messageOf(caught));
    });
  }, [clientId, onboardingFormId, token]);

  const backLink = user ? (
    <p>
      <a className="link" href={`/client/${encodeURIComponent(clientId)}/task/onboarding-forms`}>
        Back to onboarding forms
      </a>
    </p>
  ) : null;

  if (noLongerNeeded)
    return (
      <SigningMessage title="No signature needed" tone="info" testId="signing-not-needed" backLink={backLink}>
        {noLongerNeeded}
      </SigningMessage>
    );
  if (openError)
    return (
      <SigningMessage title="Sign a document" tone="error" testId="signing-error" backLink={backLink}>
        {openError}
      </SigningMessage>
    );
  if (!session)
    return (
      <div className="esign-signing" aria-busy="true">
        <p>Opening the document…</p>
      </div>
    );
  if (done)
    return (
      <SigningMessage title={session.formName} tone="success" testId="signing-done" backLink={backLink}>
        {doneWords(session, done)}
      </SigningMessage>
    );
  return (
    <SigningForm clientId={clientId} onboardingFormId={onboardingFormId} session={session} onDone={setDone} />
  );
}

/** Where the signing view ends: a title, what happened, and the way back for a signed-in user. */
function SigningMessage({
  title,
  tone,
  testId,
  backLink,
  children,
}: {
  title: string;
  tone: 'info' | 'error' | 'success';
  testId: string;
  backLink: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="esign-signing">
      <h1>{title}</h1>
      <Alert tone={tone} testId={testId}>
        {children}
      </Alert>
      {tone === 'info' && <p>There is nothing more for you to do. You can close this page.</p>}
      {backLink}
    </div>
  );
}

function doneWords(session: SigningSession, done: Done): string {
  if (done.kind === 'signed')
    return done.form?.status === 'completed'
      ? `Thank you, ${session.recipientName}. You signed ${session.formName}; every signature is in, so the form is complete.`
      : `Thank you, ${session.recipientName}. You signed ${session.formName}.`;
  return done.kind === 'declined'
    ? `You declined to sign ${session.formName}. Your implementation consultant will be in touch.`
    : `You can finish ${session.formName} later from the link you were given, or ask for a new one.`;
}

type SigningAction = 'sign' | 'decline' | 'finish-later';
type Signature = { kind: 'drawn'; png: string } | { kind: 'typed'; text: string };

function signatureOf(mode: 'draw' | 'type', drawn: string | null, typed: string): Signature | null {
  if (mode === 'draw') return drawn ? { kind: 'drawn', png: drawn } : null;
  const text = typed.trim();
  return text ? { kind: 'typed', text } : null;
}

/** The opened document with the recipient's fields, their signature, and sign, decline or finish later. */
function SigningForm({
  clientId,
  onboardingFormId,
  session,
  onDone,
}: {
  clientId: string;
  onboardingFormId: string;
  session: SigningSession;
  onDone: (done: Done) => void;
}) {
  const { data: user } = useAuthenticatedUser();
  const { mutate } = useSWRConfig();
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const [isDeclining, setDeclining] = useState(false);
  const act = useAction(
    async (action: SigningAction, body: Record<string, unknown>, kind: Done['kind']) => {
      const form = (await signingAction(clientId, onboardingFormId, action, {
        token: session.sessionToken,
        ...body,
      })) as OnboardingForm;
      onDone({ kind, form });
      if (user) void mutate(formsPath(clientId));
    },
    { describe: messageOf },
  );
  const run = (action: SigningAction, body: Record<string, unknown>, kind: Done['kind']) => {
    setMissing(null);
    void act.run(action, body, kind);
  };

  const sign = (event: FormEvent) => {
    event.preventDefault();
    const signature = signatureOf(mode, drawn, typed);
    if (signature) run('sign', { signature, values }, 'signed');
    else
      setMissing(
        mode === 'draw'
          ? 'Draw your signature, or choose to type it'
          : 'Type your full name as your signature',
      );
  };
  const error = missing ?? act.error;
  const fields = session.fields;

  return (
    <div className="esign-signing">
      <h1>{session.formName}</h1>
      <p>
        {session.recipientName}, you sign as <strong>{session.roleName}</strong>. Your {fields.length} field
        {fields.length === 1 ? ' is' : 's are'} numbered on the document in the order you fill them.
      </p>
      {session.quorumNote && <p data-testid="quorum-note">{session.quorumNote}</p>}
      <div className="esign-signing__layout">
        <SigningDocument clientId={clientId} onboardingFormId={onboardingFormId} session={session} />
        <form className="esign-signing__panel" onSubmit={sign} aria-label="Your fields">
          <h2>Your fields</h2>
          <FieldInputs fields={fields} values={values} onValues={setValues} fieldErrors={act.fieldErrors} />
          <SignatureInput mode={mode} onMode={setMode} onDrawn={setDrawn} typed={typed} onTyped={setTyped} />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="button-row">
            <Button type="submit" className="button button--primary" isDisabled={act.isPending}>
              Sign
            </Button>
            <Button
              className="button button--secondary"
              isDisabled={act.isPending}
              onPress={() => setDeclining(true)}
            >
              Decline
            </Button>
            <Button
              className="button button--secondary"
              isDisabled={act.isPending}
              onPress={() => run('finish-later', {}, 'later')}
            >
              Finish later
            </Button>
          </div>
        </form>
      </div>
      <DeclineDialog
        isOpen={isDeclining}
        onOpenChange={setDeclining}
        onDecline={(reason) => run('decline', { reason }, 'declined')}
      />
    </div>
  );
}

/** The signature, drawn on the pad or typed as the full name. */
function SignatureInput({
  mode,
  onMode,
  onDrawn,
  typed,
  onTyped,
}: {
  mode: 'draw' | 'type';
  onMode: (mode: 'draw' | 'type') => void;
  onDrawn: (png: string | null) => void;
  typed: string;
  onTyped: (typed: string) => void;
}) {
  return (
    <fieldset className="esign-signing__signature">
      <legend>Your signature</legend>
      <div className="esign-signing__modes" role="radiogroup" aria-label="How you sign">
        <label>
          <Input type="radio" name="mode" checked={mode === 'draw'} onChange={() => onMode('draw')} /> Draw it
        </label>
        <label>
          <Input type="radio" name="mode" checked={mode === 'type'} onChange={() => onMode('type')} /> Type it
        </label>
      </div>
      {mode === 'draw' ? (
        <SignaturePad onChange={onDrawn} />
      ) : (
        <label className="field">
          <span className="field__label">Your full name, as your signature</span>
          <Input
            className="field__input esign-typed"
            value={typed}
            onChange={(e) => onTyped(e.target.value)}
            autoComplete="name"
          />
        </label>
      )}
    </fieldset>
  );
}

const numberOf = (fields: SigningSession['fields'], fieldId: string) =>
  fields.findIndex((f) => f.fieldId === fieldId) + 1;

/** The document's pages with the recipient's fields numbered on them. */
function SigningDocument({
  clientId,
  onboardingFormId,
  session,
}: {
  clientId: string;
  onboardingFormId: string;
  session: SigningSession;
}) {
  return (
    <PdfPages
      url={downloadPath(clientId, onboardingFormId, undefined, session.sessionToken)}
      pages={session.pages}
      label="The document"
      overlay={(page, scale) =>
        session.fields
          .filter((f) => f.page === page)
          .map((f) => (
            <div
              key={f.fieldId}
              className={`esign-field esign-field--${f.kind} esign-field--mine`}
              style={cssBox(f, session.pages[page - 1]!, scale)}
              aria-hidden="true"
            >
              <span className="esign-field__number">{numberOf(session.fields, f.fieldId)}</span>{' '}
              {FIELD_KIND_LABELS[f.kind]}
            </div>
          ))
      }
    />
  );
}

/** The recipient's fields in order, and a box for each text or checkbox field to fill. */
function FieldInputs({
  fields,
  values,
  onValues,
  fieldErrors,
}: {
  fields: SigningSession['fields'];
  values: Record<string, string>;
  onValues: (values: Record<string, string>) => void;
  fieldErrors: Record<string, string>;
}) {
  const inputs = fields.filter((f) => f.kind === 'text' || f.kind === 'checkbox');
  return (
    <>
      <ol className="esign-signing__fields">
        {fields.map((f) => (
          <li key={f.fieldId}>
            {!f.label || f.label.startsWith(FIELD_KIND_LABELS[f.kind])
              ? f.label || FIELD_KIND_LABELS[f.kind]
              : `${FIELD_KIND_LABELS[f.kind]}: ${f.label}`}{' '}
            (page {f.page})
          </li>
        ))}
      </ol>
      {inputs.map((f) =>
        f.kind === 'text' ? (
          <label key={f.fieldId} className="field">
            <span className="field__label">
              {numberOf(fields, f.fieldId)}. {f.label || 'Text'}
            </span>
            <Input
              className="field__input"
              value={values[f.fieldId] ?? ''}
              required
              aria-invalid={fieldErrors[`values.${f.fieldId}`] ? true : undefined}
              onChange={(e) => onValues({ ...values, [f.fieldId]: e.target.value })}
            />
            {fieldErrors[`values.${f.fieldId}`] && (
              <span className="field__error">{fieldErrors[`values.${f.fieldId}`]}</span>
            )}
          </label>
        ) : (
          <CheckboxInput
            key={f.fieldId}
            className="esign-check"
            isSelected={values[f.fieldId] === 'true'}
            onChange={(checked) => onValues({ ...values, [f.fieldId]: String(checked) })}
          >
            {numberOf(fields, f.fieldId)}. {f.label || 'Checkbox'}
          </CheckboxInput>
        ),
      )}
    </>
  );
}

/** Declining to sign, with the reason why. */
function DeclineDialog({
  isOpen,
  onOpenChange,
  onDecline,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onDecline: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <ModalDialog title="Decline to sign" isOpen={isOpen} onOpenChange={onOpenChange}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onOpenChange(false);
          onDecline(reason);
        }}
      >
        <label className="field">
          <span className="field__label">Why do you decline?</span>
          <TextArea
            className="field__input"
            value={reason}
            required
            rows={3}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <FormFooter error={null} onCancel={() => onOpenChange(false)}>
          <Button type="submit" className="button button--primary">
            Decline
          </Button>
        </FormFooter>
      </form>
    </ModalDialog>
  );
}
