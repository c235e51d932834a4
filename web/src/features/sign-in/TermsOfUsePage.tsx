import { Button, Heading } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { useLocation, useSearch } from 'wouter';
import { acceptTermsOfUse, AUTHENTICATED_USER_KEY } from '../../api/hooks.ts';
import type { AuthenticatedUser } from '../../api/types.ts';
import { useAction } from '../../api/action.ts';
import { anyErrorMessage } from '../../api/errors.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { afterSignInPath } from '../../app/routes.ts';

/** /terms-of-use: a signed-in user who has not accepted them is sent here first (onboarding §6). */
export function TermsOfUsePage({ user }: { user: AuthenticatedUser }) {
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  const accept = useAction(
    async () => {
      await acceptTermsOfUse();
      await mutate(
        AUTHENTICATED_USER_KEY,
        { ...user, termsOfUseDate: new Date().toISOString() },
        { revalidate: true },
      );
      navigate(afterSignInPath(redirect, user.role), { replace: true });
    },
    { describe: anyErrorMessage },
  );

  return (
    <div className="page page--narrow">
      <section className="card" aria-labelledby="terms-title">
        <Heading level={1} id="terms-title" className="card__title">
          Terms of use
        </Heading>
        <div className="terms" role="region" tabIndex={0} aria-label="Terms of use text">
          <p>
            Onboard is provided by the carrier to set up group benefits for employer clients. By using it you
            agree to use it only for that purpose and on behalf of the organisation you represent.
          </p>
          <p>
            You are responsible for the accuracy of the information you submit, including employee census
            data, and you confirm that you are authorised to share it with the carrier for the administration
            of the group policy.
          </p>
          <p>
            Keep your password and your authenticator app to yourself. Tell us at once if you believe someone
            else has used your account.
          </p>
          <p>
            Personal information is handled under the carrier&apos;s privacy notice. Activity in Onboard is
            recorded so that changes to your client&apos;s information can be reviewed.
          </p>
        </div>
        {accept.error && <Alert tone="error">{accept.error}</Alert>}
        <div className="form__actions">
          <Button
            className="button button--primary"
            onPress={() => void accept.run()}
            isPending={accept.isPending}
          >
            I accept the terms of use
          </Button>
        </div>
      </section>
    </div>
  );
}
