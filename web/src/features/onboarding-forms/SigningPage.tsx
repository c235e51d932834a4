import { useEffect, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
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
  const { mutate } = useSWRConfig();
  const [session, setSession] = useState<SigningSession | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  // A quorum member the others' signatures released: told so, not as an error.
  const [noLongerNeeded, setNoLongerNeeded] = useState<string | null>(null);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  const [isDeclining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
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

  const act = async (
    action: 'sign' | 'decline' | 'finish-later',
    body: Record<string, unknown>,
    kind: Done['kind'],
  ) => {
    if (!session) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const form = (await signingAction(clientId, onboardingFormId, action, {
        token: session.sessionToken,
        ...body,
      })) as OnboardingForm;
      setDone({ kind, form });
      if (user) void mutate(formsPath(clientId));
    } catch (caught) {
      setError(messageOf(caught));
      const fields = (caught as { fieldErrors?: Record<string, string> }).fieldErrors;
      if (fields) setFieldErrors(fields);
    } finally {
      setBusy(false);
    }
  };

  const sign = (event: FormEvent) => {
    event.preventDefault();
    const signature =
      mode === 'draw'
        ? drawn
          ? { kind: 'drawn', png: drawn }
          : null
        : typed.trim()
          ? { kind: 'typed', text: typed.trim() }
          : null;
    if (!signature) {
      setError(
        mode === 'draw'
          ? 'Draw your signature, or choose to type it'
          : 'Type your full name as your signature',
      );
      return;
    }
    void act('sign', { signature, values }, 'signed');
  };

  const backLink = user ? (
    <p>
      <a className="link" href={`/client/${encodeURIComponent(clientId)}/task/onboarding-forms`}>
        Back to onboarding forms
      </a>
    </p>
  ) : null;

  if (noLongerNeeded)
    return (
      <div className="esign-signing">
        <h1>No signature needed</h1>
        <Alert tone="info" testId="signing-not-needed">
          {noLongerNeeded}
        </Alert>
        <p>There is nothing more for you to do. You can close this page.</p>
        {backLink}
      </div>
    );
  if (openError)
    return (
      <div className="esign-signing">
        <h1>Sign a document</h1>
        <Alert tone="error" testId="signing-error">
          {openError}
        </Alert>
        {backLink}
      </div>
    );
  if (!session)
    return (
      <div className="esign-signing" aria-busy="true">
        <p>Opening the document…</p>
      </div>
    );
  if (done)
    return (
      <div className="esign-signing">
        <h1>{session.formName}</h1>
        <Alert tone="success" testId="signing-done">
          {done.kind === 'signed'
            ? done.form?.status === 'completed'
              ? `Thank you, ${session.recipientName}. You signed ${session.formName}; every signature is in, so the form is complete.`
              : `Thank you, ${session.recipientName}. You signed ${session.formName}.`
            : done.kind === 'declined'
              ? `You declined to sign ${session.formName}. Your implementation consultant will be in touch.`
              : `You can finish ${session.formName} later from the link you were given, or ask for a new one.`}
        </Alert>
        {backLink}
      </div>
    );

  const fields = session.fields;
  const numberOf = (fieldId: string) => fields.findIndex((f) => f.fieldId === fieldId) + 1;
  const inputs = fields.filter((f) => f.kind === 'text' || f.kind === 'checkbox');

  return (
    <div className="esign-signing">
      <h1>{session.formName}</h1>
      <p>
        {session.recipientName}, you sign as <strong>{session.roleName}</strong>. Your {fields.length} field
        {fields.length === 1 ? ' is' : 's are'} numbered on the document in the order you fill them.
      </p>
      {session.quorumNote && <p data-testid="quorum-note">{session.quorumNote}</p>}
      <div className="esign-signing__layout">
        <PdfPages
          url={downloadPath(clientId, onboardingFormId, undefined, session.sessionToken)}
          pages={session.pages}
          label="The document"
          overlay={(page, scale) =>
            fields
              .filter((f) => f.page === page)
              .map((f) => (
                <div
                  key={f.fieldId}
                  className={`esign-field esign-field--${f.kind} esign-field--mine`}
                  style={cssBox(f, session.pages[page - 1]!, scale)}
                  aria-hidden="true"
                >
                  <span className="esign-field__number">{numberOf(f.fieldId)}</span>{' '}
                  {FIELD_KIND_LABELS[f.kind]}
                </div>
              ))
          }
        />
        <form className="esign-signing__panel" onSubmit={sign} aria-label="Your fields">
          <h2>Your fields</h2>
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
                  {numberOf(f.fieldId)}. {f.label || 'Text'}
                </span>
                <Input
                  className="field__input"
                  value={values[f.fieldId] ?? ''}
                  required
                  aria-invalid={fieldErrors[`values.${f.fieldId}`] ? true : undefined}
                  onChange={(e) => setValues({ ...values, [f.fieldId]: e.target.value })}
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
                onChange={(checked) => setValues({ ...values, [f.fieldId]: String(checked) })}
              >
                {numberOf(f.fieldId)}. {f.label || 'Checkbox'}
              </CheckboxInput>
            ),
          )}
          <fieldset className="esign-signing__signature">
            <legend>Your signature</legend>
            <div className="esign-signing__modes" role="radiogroup" aria-label="How you sign">
              <label>
                <Input type="radio" name="mode" checked={mode === 'draw'} onChange={() => setMode('draw')} />{' '}
                Draw it
              </label>
              <label>
                <Input type="radio" name="mode" checked={mode === 'type'} onChange={() => setMode('type')} />{' '}
                Type it
              </label>
            </div>
            {mode === 'draw' ? (
              <SignaturePad onChange={setDrawn} />
            ) : (
              <label className="field">
                <span className="field__label">Your full name, as your signature</span>
                <Input
                  className="field__input esign-typed"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  autoComplete="name"
                />
              </label>
            )}
          </fieldset>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="button-row">
            <Button type="submit" className="button button--primary" isDisabled={isBusy}>
              Sign
            </Button>
            <Button
              className="button button--secondary"
              isDisabled={isBusy}
              onPress={() => setDeclining(true)}
            >
              Decline
            </Button>
            <Button
              className="button button--secondary"
              isDisabled={isBusy}
              onPress={() => void act('finish-later', {}, 'later')}
            >
              Finish later
            </Button>
          </div>
        </form>
      </div>
      <ModalDialog title="Decline to sign" isOpen={isDeclining} onOpenChange={setDeclining}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setDeclining(false);
            void act('decline', { reason }, 'declined');
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
          <div className="dialog__actions">
            <Button className="button button--secondary" onPress={() => setDeclining(false)}>
              Cancel
            </Button>
            <Button type="submit" className="button button--primary">
              Decline
            </Button>
          </div>
        </form>
      </ModalDialog>
    </div>
  );
}
