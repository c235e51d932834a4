import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Link } from '../../ui/controls.ts';
import { useAtom } from '../../state/store.ts';
import { NativeCheckbox, NativeTextField } from '../../ui/NativeFields.tsx';
import { rememberedUsernameAtom } from '../../state/atoms.ts';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../api/errors.ts';
import { AUTHENTICATED_USER_KEY } from '../../api/hooks.ts';
import {
  SIGN_IN_LINK_SENT_MESSAGE,
  offersSignInLink,
  requestSignInLink,
  startSignIn,
  startSignInFromLink,
  type Resting,
} from './api.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { messageOf, type CodeStep } from './code-step.ts';

// The sign-in page's first form is on the browser's own inputs, and the code step (an authenticator's
// code, or its enrolment) loads when the password is sent: the page's first load carries neither's
// library code (bench/portal-size.ts).
const loadCodeForm = () => import('./CodeForm.tsx');
const CodeForm = lazy(() => loadCodeForm().then((m) => ({ default: m.CodeForm })));

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
    void loadCodeForm().catch(() => undefined);
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
      <Suspense fallback={<p className="muted">Signing you in…</p>}>
        <CodeForm
          key={step.stateToken}
          step={step}
          onDone={(next) => void settle(next)}
          onRestart={() => {
            setStep(null);
            setPassword('');
          }}
        />
      </Suspense>
    );
  }

  if ((autoStart && (isPending || !refusal)) || isRedeeming) return <p className="muted">Signing you in…</p>;

  return (
    <form
      className="form form--stack"
      noValidate
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
      <NativeTextField
        label="E-mail"
        name="username"
        type="email"
        value={username}
        onChange={setUsername}
        isRequired
        autoComplete="username"
      />
      <NativeTextField
        label="Password"
        name="password"
        type="password"
        value={password}
        onChange={setPassword}
        isRequired
        autoComplete="current-password"
        description={
          <Link className="text-link" href="/forgot">
            Forgot your password?
          </Link>
        }
      />
      <NativeCheckbox isSelected={isRememberMe} onChange={setIsRememberMe}>
        Remember me
      </NativeCheckbox>
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
    </form>
  );
}
