import { Heading, Link } from '../../ui/controls.ts';
import { clientHubPath, INDEX_PATH } from '../../app/routes.ts';
import { PageSkeleton } from '../../ui/Feedback.tsx';
import { QueryFallback } from '../../ui/QueryState.tsx';
import { useClientSetup, useWelcomeFlow } from './api.ts';
import { ConsultantContact } from './ConsultantContact.tsx';
import './welcome.css';

/**
 * What a client's people see while the carrier is still setting the client up (onboarding §2
 * /client/{clientId}/setup-pending, basic view): the onboarding team is at work, and whom to ask.
 */
export function SetupPendingPage({ clientId }: { clientId: string }) {
  const { data: setup, error } = useClientSetup(clientId);
  // The welcome flow's read carries the client's name and its implementation consultant.
  const { data: flow } = useWelcomeFlow(clientId);

  if (!setup) return <QueryFallback error={error} isPage pageClassName="page page--narrow" />;

  const clientName = flow?.clientName ?? 'your company';
  return (
    <div className="page page--narrow setup-pending">
      {setup.completedSetup ? (
        <div className="page__header">
          <Heading level={1}>Everything is ready</Heading>
          <p className="muted">Your onboarding team has finished setting up {clientName}.</p>
          <Link className="button button--primary" href={clientHubPath(clientId)}>
            Go to your onboarding
          </Link>
        </div>
      ) : (
        <div className="page__header">
          <p className="eyebrow">Almost there</p>
          <Heading level={1}>Your onboarding team is setting things up</Heading>
          <p>
            We are preparing the onboarding of {clientName}: your policies, your forms and your tasks. You can
            start as soon as your onboarding team has finished; come back here any time to check.
          </p>
        </div>
      )}
      <section className="card" aria-labelledby="setup-pending-contact">
        <Heading level={2} id="setup-pending-contact" className="card__title">
          Questions in the meantime?
        </Heading>
        <p className="muted">Your implementation consultant is happy to help.</p>
        {flow ? <ConsultantContact consultant={flow.implementationConsultant} /> : <PageSkeleton />}
      </section>
      <Link className="back-link" href={INDEX_PATH}>
        <span aria-hidden="true">←</span> Return to Home
      </Link>
    </div>
  );
}
