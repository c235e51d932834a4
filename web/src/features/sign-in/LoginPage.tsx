import { Heading } from '../../ui/controls.ts';
import { SignInFlow } from './SignInFlow.tsx';

/**
 * /login (auth rule not_allowed): the password and MFA steps; the route gate moves a signed-in user on.
 * `/login?signInLink=…` is the e-mailed sign-in link: spent at once, it leads to the code.
 */
export function LoginPage() {
  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="login-title">
        <Heading level={1} id="login-title" className="auth-card__title">
          Sign in to Onboard
        </Heading>
        <SignInFlow linkToken={new URLSearchParams(window.location.search).get('signInLink') ?? undefined} />
      </section>
    </div>
  );
}
