import { useState, type ReactNode } from 'react';
import { Button, Input, Label, TextField } from '../../ui/controls.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import {
  createActivationLink,
  resetMfaFor,
  resetPasswordFor,
  sendActivationEmail,
  type UserKind,
  type UserListItem,
} from './api.ts';
import { Alert } from '../../ui/Feedback.tsx';

export type UserAction = { id: string; label: string };

const ACTIONS: UserAction[] = [
  { id: 'activation-email', label: 'Send activation e-mail' },
  { id: 'activation-link', label: 'Copy activation link' },
  { id: 'reset-password', label: 'Reset password' },
  { id: 'reset-mfa', label: 'Reset MFA' },
];

function ActivationLink({ link }: { link: string }) {
  return (
    <TextField className="field" value={link} isReadOnly>
      <Label className="field__label">Activation link</Label>
      <div className="copy-row">
        <Input className="field__input field__input--mono" data-testid="activation-link" />
        <Button
          className="button button--secondary"
          onPress={() => void navigator.clipboard?.writeText(link)}
        >
          Copy
        </Button>
      </div>
    </TextField>
  );
}

/** The account actions staff take on a user (spec onboarding §6), with their outcome shown inline. */
export function useUserActions(
  kind: UserKind,
  user: Pick<UserListItem, 'id' | 'email' | 'firstName' | 'lastName'>,
) {
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string; link?: string } | null>(
    null,
  );
  const [pending, setPending] = useState<string | null>(null);
  const name = `${user.firstName} ${user.lastName}`;

  const run = async (id: string) => {
    setPending(id);
    setOutcome(null);
    try {
      switch (id) {
        case 'activation-email':
          await sendActivationEmail(kind, user.id);
          setOutcome({ tone: 'success', text: `An activation e-mail was sent to ${user.email}.` });
          break;
        case 'activation-link': {
          const { link } = await createActivationLink(user.id);
          const copied = await navigator.clipboard?.writeText(link).then(
            () => true,
            () => false,
          );
          setOutcome({
            tone: 'success',
            text: copied ? `Activation link for ${name} copied.` : `Activation link for ${name}:`,
            link,
          });
          break;
        }
        case 'reset-password':
          await resetPasswordFor(user.id);
          setOutcome({ tone: 'success', text: `A password reset e-mail was sent to ${user.email}.` });
          break;
        case 'reset-mfa':
          await resetMfaFor(user.email);
          setOutcome({
            tone: 'success',
            text: `Two-step verification was reset; ${name} enrols again at the next sign-in.`,
          });
          break;
        default:
          throw new Error(`Unknown action ${id}`);
      }
    } catch (caught) {
      setOutcome({
        tone: 'error',
        text: caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE,
      });
    } finally {
      setPending(null);
    }
  };

  const feedback: ReactNode = outcome && (
    <div className="action-outcome">
      <Alert tone={outcome.tone} testId="action-outcome">
        {outcome.text}
      </Alert>
      {outcome.link && <ActivationLink link={outcome.link} />}
    </div>
  );

  return { actions: ACTIONS, run, pending, feedback };
}
