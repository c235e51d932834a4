import { useSearch } from 'wouter';
import { Heading } from '../../ui/controls.ts';
import { SignInFlow } from './SignInFlow.tsx';
import { useHydrated } from '../../app/prerendered.ts';

/**
 * /login (auth rule not_allowed): the password and MFA steps; the route gate moves a signed-in user on.
 * `/login?signInLink=…` is the e-mailed sign-in link: spent at once, it leads to the code.
 */
export function LoginPage() {
  const search = useSearch();
  const hydrated = useHydrated();
  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="login-title">
        <Heading level={1} id="login-title" className="auth-card__title">
          Sign in to Onboard
        </Heading>
        {/* Shown before the app's script runs (prerendered), the form takes input once the app can read it. */}
        <div inert={!hydrated}>
          <SignInFlow linkToken={new URLSearchParams(search).get('signInLink') ?? undefined} />
        </div>
      </section>
    </div>
  );
}
