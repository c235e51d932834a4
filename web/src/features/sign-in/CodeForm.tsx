import { useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Heading, Input, Label, TextField } from '../../ui/controls.ts';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { MessageText } from '../../ui/Feedback.tsx';
import { submitPassCode, type Resting } from './api.ts';
import { messageOf, type CodeStep } from './code-step.ts';

function CopyableSecret({ secret }: { secret: string }) {
  const [isCopied, setIsCopied] = useState(false);
  return (
    <TextField className="field" value={secret} isReadOnly>
      <Label className="field__label">Or enter this key manually</Label>
      <div className="copy-row">
        <Input className="field__input field__input--mono" data-testid="totp-secret" />
        <Button
          className="button button--secondary"
          onPress={() => {
            void navigator.clipboard?.writeText(secret).then(
              () => setIsCopied(true),
              () => setIsCopied(false),
            );
          }}
        >
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </TextField>
  );
}

/** Code entry for enrolment activation and for the challenge (MFA_ENROLL_ACTIVATE, MFA_CHALLENGE). */
export function CodeForm({
  step,
  onDone,
  onRestart,
}: {
  step: CodeStep;
  onDone: (next: Resting) => void;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setIsPending(true);
    setError(null);
    try {
      onDone(await submitPassCode(step.type, step.stateToken, code, rememberDevice));
    } catch (caught) {
      setError(messageOf(caught));
      setCode('');
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Form className="form form--stack" onSubmit={(e) => void submit(e)} validationBehavior="aria">
      {step.type === 'activate' ? (
        <>
          <Heading level={2} className="auth-card__subtitle">
            Set up two-step verification
          </Heading>
          <p className="muted">
            Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
            1Password…), then enter the 6-digit code it shows.
          </p>
          <img
            className="qr-code"
            src={step.activation.qrCodeDataUri}
            alt="QR code to add Onboard to your authenticator app"
            width={200}
            height={200}
          />
          <CopyableSecret secret={step.activation.sharedSecret} />
        </>
      ) : (
        <>
          <Heading level={2} className="auth-card__subtitle">
            Two-step verification
          </Heading>
          <p className="muted">Enter the 6-digit code from your authenticator app.</p>
        </>
      )}
      <TextField
        className="field"
        name="passCode"
        value={code}
        onChange={(next) => {
          setCode(next.replace(/\D/g, '').slice(0, 6));
          setError(null);
        }}
        isInvalid={error !== null}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
      >
        <Label className="field__label">Verification code</Label>
        <Input className="field__input field__input--code" maxLength={6} placeholder="123456" />
        <FieldError className="field__error">
          <MessageText text={error} />
        </FieldError>
      </TextField>
      <CheckboxInput isSelected={rememberDevice} onChange={setRememberDevice}>
        Remember this device
      </CheckboxInput>
      <div className="form__actions">
        <Button type="submit" className="button button--primary" isPending={isPending}>
          Verify
        </Button>
        <Button className="button button--link" onPress={onRestart}>
          Back to sign in
        </Button>
      </div>
    </Form>
  );
}
