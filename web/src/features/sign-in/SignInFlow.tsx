import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Heading, Input, Label, Link, Text, TextField } from '../../ui/controls.ts';
import { useAtom } from '../../state/store.ts';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { rememberedUsernameAtom } from '../../state/atoms.ts';
import { useSWRConfig } from 'swr';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { AUTHENTICATED_USER_KEY } from '../../api/hooks.ts';
import {
  SIGN_IN_LINK_SENT_MESSAGE,
  offersSignInLink,
  requestSignInLink,
  startSignIn,
  startSignInFromLink,
  submitPassCode,
  type Resting,
  type TotpActivation,
} from './api.ts';
import { Alert, MessageText } from '../../ui/Feedback.tsx';

type CodeStep =
  | { type: 'activate'; stateToken: string; activation: TotpActivation }
  | { type: 'verify'; stateToken: string };

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : GENERIC_ERROR_MESSAGE;

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
function CodeForm({
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

export type Credentials = { username: string; password: string };

/**
 * The sign-in step machine (spec platform §4) as screens: credentials, then whatever the identity API asks
 * for. `autoStart` skips the form (used right after a password was set). On success the authenticated user
 * is put in the cache; the route gate then moves the user on.
 */
export function SignInFlow({ autoStart, linkToken }: { autoStart?: Credentials; linkToken?: string }) {
  const { mutate } = useSWRConfig();
  const [remembered, setRemembered] = useAtom(rememberedUsernameAtom);
  const [username, setUsername] = useState(remembered);
  const [isRememberMe, setIsRememberMe] = useState(remembered !== '');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<CodeStep | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  // Held by the account's count: the owner may ask for an e-mailed sign-in link instead.
  const [canAskLink, setCanAskLink] = useState(false);
  const [linkNotice, setLinkNotice] = useState<string | null>(null);
  const [isRedeeming, setIsRedeeming] = useState(false);
  const started = useRef(false);

  const settle = async (next: Resting) => {
    switch (next.type) {
      case 'signed-in':
        await mutate(AUTHENTICATED_USER_KEY, next.user);
        return;
      case 'activate':
      case 'verify':
        setStep(next);
        return;
      case 'refuse':
        setStep(null);
        setRefusal(next.message);
        return;
      default: {
        const unreachable: never = next;
        throw new Error(`Unknown sign-in state ${String(unreachable)}`);
      }
    }
  };

  const begin = async (credentials: Credentials) => {
    setRefusal(null);
    setLinkNotice(null);
    setIsPending(true);
    try {
      await settle(await startSignIn(credentials.username, credentials.password));
    } catch (caught) {
      setRefusal(messageOf(caught));
      setCanAskLink(caught instanceof ApiError && offersSignInLink(caught.body));
    } finally {
      setIsPending(false);
    }
  };

  const askLink = async () => {
    setIsPending(true);
    try {
      await requestSignInLink(username.trim());
      setCanAskLink(false);
      setRefusal(null);
      setLinkNotice(SIGN_IN_LINK_SENT_MESSAGE);
    } catch (caught) {
      setRefusal(messageOf(caught));
    } finally {
      setIsPending(false);
    }
  };

  useEffect(() => {
    if (started.current) return;
    if (autoStart) {
      started.current = true;
      void begin(autoStart);
    } else if (linkToken) {
      started.current = true;
      setIsRedeeming(true);
      startSignInFromLink(linkToken)
        .then(settle, (caught: unknown) => setRefusal(messageOf(caught)))
        .finally(() => setIsRedeeming(false));
    }
    // Once only (StrictMode runs effects twice): the credentials or link are for the first attempt.
  }, [autoStart, linkToken]);

  if (step) {
    return (
      <CodeForm
        key={step.stateToken}
        step={step}
        onDone={(next) => void settle(next)}
        onRestart={() => {
          setStep(null);
          setPassword('');
        }}
      />
    );
  }

  if ((autoStart && (isPending || !refusal)) || isRedeeming) return <p className="muted">Signing you in…</p>;

  return (
    <Form
      className="form form--stack"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = username.trim();
        setRemembered(isRememberMe ? trimmed : '');
        void begin({ username: trimmed, password });
      }}
    >
      {refusal && (
        <Alert tone="error" testId="sign-in-error">
          {refusal}
        </Alert>
      )}
      {linkNotice && (
        <Alert tone="info" testId="sign-in-link-sent">
          {linkNotice}
        </Alert>
      )}
      <TextField
        className="field"
        name="username"
        type="email"
        value={username}
        onChange={setUsername}
        isRequired
        autoComplete="username"
      >
        <Label className="field__label">E-mail</Label>
        <Input className="field__input" />
        <FieldError className="field__error">Enter your e-mail address.</FieldError>
      </TextField>
      <TextField
        className="field"
        name="password"
        type="password"
        value={password}
        onChange={setPassword}
        isRequired
        autoComplete="current-password"
      >
        <Label className="field__label">Password</Label>
        <Input className="field__input" />
        <FieldError className="field__error">Enter your password.</FieldError>
        <Text slot="description" className="field__description">
          <Link className="text-link" href="/forgot">
            Forgot your password?
          </Link>
        </Text>
      </TextField>
      <CheckboxInput isSelected={isRememberMe} onChange={setIsRememberMe}>
        Remember me
      </CheckboxInput>
      <div className="form__actions">
        <Button type="submit" className="button button--primary" isPending={isPending}>
          Sign in
        </Button>
        {canAskLink && (
          <Button
            className="button button--secondary"
            isPending={isPending}
            isDisabled={username.trim() === ''}
            onPress={() => void askLink()}
          >
            Email me a sign-in link
          </Button>
        )}
      </div>
    </Form>
  );
}
