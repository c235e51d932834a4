import { useState, type FormEvent } from 'react';
import { Button, Form, Heading } from '../../ui/controls.ts';
import { TextInput } from '../../ui/TextInput.tsx';
import { useAction } from '../../api/action.ts';
import { useDraft } from '../../ui/field-binding.ts';
import useSWR from 'swr';
import { useSearch } from 'wouter';
import { checkPassword, PASSWORD_POLICY_MESSAGE } from '@onboard/domain/web';
import { ApiError } from '../../api/errors.ts';
import { fetchAuthToken, upsertPassword, type AuthTokenInfo } from '../../api/hooks.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { OutcomeWithLink } from './OutcomeWithLink.tsx';
import { SignInFlow } from './SignInFlow.tsx';
import { FORGOT_PATH } from '../../app/routes.ts';
import { QueryFallback } from '../../ui/QueryState.tsx';

export type TokenPurpose = 'activate' | 'reactivate' | 'reset';

export const EXPIRED_LINK_MESSAGE = 'This link has expired or has already been used. Ask for a new one.';
export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match.';

const TITLES: Record<TokenPurpose, string> = {
  activate: 'Activate your account',
  reactivate: 'Reactivate your account',
  reset: 'Set a new password',
};

class ExpiredLink extends Error {}

/** A lookup that fails or answers nothing is an expired link (spec onboarding §8). */
async function lookUp(token: string): Promise<AuthTokenInfo> {
  try {
    const info = await fetchAuthToken(token);
    if (!info) throw new ExpiredLink(EXPIRED_LINK_MESSAGE);
    return info;
  } catch (error) {
    if (error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500)
      throw new ExpiredLink(error.message || EXPIRED_LINK_MESSAGE);
    throw error;
  }
}

function ExpiredLinkView({ message }: { message: string }) {
  return (
    <>
      <Heading level={1} className="auth-card__title">
        This link has expired
      </Heading>
      <OutcomeWithLink
        tone="warning"
        testId="expired-link"
        message={message}
        link={{ className: 'button button--primary', href: FORGOT_PATH, text: 'Get a new link' }}
      />
    </>
  );
}

function PasswordForm({
  token,
  info,
  purpose,
  onSet,
  onExpired,
}: {
  token: string;
  info: AuthTokenInfo;
  purpose: TokenPurpose;
  onSet: (password: string) => void;
  onExpired: (message: string) => void;
}) {
  const { draft, errors, setErrors, bind } = useDraft<
    { password: string; confirmation: string },
    { password?: string; confirmation?: string; form?: string }
  >({ password: '', confirmation: '' });
  const { password, confirmation } = draft;
  const setting = useAction((chosen: string) => upsertPassword(token, chosen), {
    onSuccess: (_, chosen) => onSet(chosen),
    onError: (caught) => {
      if (caught instanceof ApiError && caught.code === 'EXPIRED_LINK') onExpired(caught.message);
      else if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0)
        setErrors({
          password: caught.fieldErrors.password,
          confirmation: caught.fieldErrors.confirmation,
          form: caught.fieldErrors.password || caught.fieldErrors.confirmation ? undefined : caught.message,
        });
      else setErrors({ form: caught instanceof Error ? caught.message : 'Please try again.' });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkPassword(password, info.email);
    const next = {
      password: check.ok ? undefined : check.message,
      confirmation: password === confirmation ? undefined : PASSWORDS_DIFFER_MESSAGE,
    };
    setErrors(next);
    if (next.password || next.confirmation) return;
    void setting.run(password);
  };

  return (
    <>
      <Heading level={1} className="auth-card__title">
        {TITLES[purpose]}
      </Heading>
      <p className="muted">
        Hi {info.firstName}, choose a password for <strong>{info.email}</strong>.
      </p>
      <Form className="form form--stack" onSubmit={submit} validationBehavior="aria">
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <TextInput
          label="New password"
          type="password"
          {...bind.named('password')}
          description={PASSWORD_POLICY_MESSAGE}
          autoComplete="new-password"
        />
        <TextInput
          label="Confirm password"
          type="password"
          {...bind.named('confirmation')}
          autoComplete="new-password"
        />
        <div className="form__actions">
          <Button type="submit" className="button button--primary" isPending={setting.isPending}>
            Set password
          </Button>
        </div>
      </Form>
    </>
  );
}

/**
 * /activate, /reactivate and /reset (?token=): set a password, then sign straight in with it (the MFA
 * steps follow), so a new user is not asked for the password they just chose.
 */
export function TokenPasswordPage({ purpose }: { purpose: TokenPurpose }) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { data: info, error } = useSWR(token ? ['auth-token', token] : null, () => lookUp(token), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [expired, setExpired] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState<string | null>(null);

  const body = () => {
    if (!token) return <ExpiredLinkView message={EXPIRED_LINK_MESSAGE} />;
    if (expired) return <ExpiredLinkView message={expired} />;
    if (error instanceof ExpiredLink) return <ExpiredLinkView message={error.message} />;
    if (error || !info) return <QueryFallback error={error} />;
    if (newPassword !== null)
      return (
        <>
          <Heading level={1} className="auth-card__title">
            Your password is set
          </Heading>
          <SignInFlow autoStart={{ username: info.email, password: newPassword }} />
        </>
      );
    return (
      <PasswordForm
        token={token}
        info={info}
        purpose={purpose}
        onSet={setNewPassword}
        onExpired={setExpired}
      />
    );
  };

  return (
    <div className="auth-page">
      <section className="card auth-card">{body()}</section>
    </div>
  );
}
