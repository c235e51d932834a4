import { useState, type FormEvent } from 'react';
import { useCheckedText } from '../../ui/field-binding.ts';
import { Button, Form, Heading, Link } from '../../ui/controls.ts';
import { TextInput } from '../../ui/TextInput.tsx';
import { requestPasswordReset } from '../../api/hooks.ts';
import { useAction } from '../../api/action.ts';
import { anyErrorMessage } from '../../api/errors.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { OutcomeWithLink } from './OutcomeWithLink.tsx';
import { LOGIN_PATH } from '../../app/routes.ts';

/** The same words whatever the address, so the page never tells whether an account exists. */
export const RESET_CONFIRMATION =
  'If an account exists for this e-mail address, we have sent it a link to reset the password. The link expires in 1 hour.';

/** The wording of the spec's e-mail field messages (explorer §5), checked before anything is sent. */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return 'Email is required';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return 'Please enter a valid email address';
  return null;
}

export function ForgotPage() {
  const { value: email, error: fieldError, setError: setFieldError, change: changeEmail } = useCheckedText();
  const [isSent, setIsSent] = useState(false);
  const send = useAction((address: string) => requestPasswordReset(address), {
    describe: anyErrorMessage,
    onSuccess: () => setIsSent(true),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setFieldError(problem);
    if (problem) return;
    void send.run(email.trim());
  };

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="forgot-title">
        <Heading level={1} id="forgot-title" className="auth-card__title">
          Reset your password
        </Heading>
        {isSent ? (
          <OutcomeWithLink
            tone="success"
            testId="reset-confirmation"
            message={RESET_CONFIRMATION}
            link={{ className: 'text-link', href: LOGIN_PATH, text: 'Back to sign in' }}
          />
        ) : (
          <Form className="form form--stack" onSubmit={submit} validationBehavior="aria">
            <p className="muted">
              Enter the e-mail address you sign in with and we will send you a link to set a new password.
            </p>
            {send.error && <Alert tone="error">{send.error}</Alert>}
            <TextInput
              label="E-mail"
              name="email"
              type="email"
              value={email}
              onChange={changeEmail}
              error={fieldError ?? undefined}
              isRequired
              autoComplete="username"
            />
            <div className="form__actions">
              <Button type="submit" className="button button--primary" isPending={send.isPending}>
                Send reset link
              </Button>
              <Link className="text-link" href={LOGIN_PATH}>
                Back to sign in
              </Link>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
