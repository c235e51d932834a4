import { Button, Heading } from '../../ui/controls.ts';
import { useLocation } from 'wouter';
import { useAuthenticatedUser } from '../../api/hooks.ts';
import { clientHubPath } from '../../app/routes.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { QueryFallback } from '../../ui/QueryState.tsx';
import { completeWelcomeFlow, useMarkWelcomeCompleted, useWelcomeFlow } from './api.ts';
import { ConsultantContact } from './ConsultantContact.tsx';
import { isClientPerson } from './entry.ts';
import { formatDay } from './format.ts';
import { welcomeTaskGroups } from './welcome-content.ts';
import './welcome.css';
import { useAction } from '../../api/action.ts';

/**
 * The welcome flow (onboarding §2 /client/{clientId}/welcome): a client's person sees it on their first
 * visit to the hub: who their implementation consultant is, what they will be asked to do and the dates
 * to plan around. 'Get started' records that they have been through it and opens the hub home.
 */
export function WelcomePage({ clientId }: { clientId: string }) {
  const { data: flow, error } = useWelcomeFlow(clientId);
  const { data: user } = useAuthenticatedUser();
  const markCompleted = useMarkWelcomeCompleted(clientId);
  const [, navigate] = useLocation();
  const isStaff = user ? !isClientPerson(user.role) : false;
  const complete = useAction(async () => {
    const { welcomeFlowCompletedAt } = await completeWelcomeFlow(clientId);
    await markCompleted(welcomeFlowCompletedAt);
    navigate(clientHubPath(clientId));
  });

  const getStarted = () => {
    // Staff only look at what the client's people see: nothing is recorded for them.
    if (isStaff) return navigate(clientHubPath(clientId));
    void complete.run();
  };

  if (!flow) return <QueryFallback error={error} isPage />;

  return (
    <div className="page welcome">
      <div className="page__header">
        <p className="eyebrow">Welcome</p>
        <Heading level={1}>Welcome to your onboarding, {flow.clientName}</Heading>
        <p className="muted">
          Here is who guides you through onboarding, what you will be asked to do and the dates to plan
          around.
        </p>
      </div>
      {isStaff && (
        <Alert tone="info">
          You are seeing what the client&apos;s people see on their first visit. Nothing is recorded for
          staff.
        </Alert>
      )}
      <section className="card" aria-labelledby="welcome-consultant">
        <Heading level={2} id="welcome-consultant" className="card__title">
          Your implementation consultant
        </Heading>
        <p className="muted">Your first contact for every question during onboarding.</p>
        <ConsultantContact consultant={flow.implementationConsultant} />
      </section>
      <WhatYouWillDo />
      <section className="card" aria-labelledby="welcome-dates">
        <Heading level={2} id="welcome-dates" className="card__title">
          Key dates
        </Heading>
        {flow.keyDates.length === 0 ? (
          <p className="muted">Your key dates will appear here once they are set.</p>
        ) : (
          <dl className="answers answers--compact" data-testid="key-dates">
            {flow.keyDates.map((keyDate) => (
              <div key={`${keyDate.label}/${keyDate.date}`} className="answer">
                <dt className="answer__label">{keyDate.label}</dt>
                <dd className="answer__value">{formatDay(keyDate.date)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {complete.error && <Alert tone="error">{complete.error}</Alert>}
      <div className="button-row welcome__actions">
        <Button className="button button--primary" isPending={complete.isPending} onPress={getStarted}>
          Get started
        </Button>
      </div>
    </div>
  );
}

/** The three kinds of task the client's people will be given, each with what it asks. */
function WhatYouWillDo() {
  return (
    <section className="card" aria-labelledby="welcome-tasks">
      <Heading level={2} id="welcome-tasks" className="card__title">
        What you will do
      </Heading>
      <p className="muted">
        Your tasks appear on your hub as they open, each with its due date. They are of three kinds.
      </p>
      <div className="welcome__groups">
        {welcomeTaskGroups().map((group) => (
          <section key={group.title} className="welcome__group">
            <Heading level={3} className="welcome__group-title">
              {group.title}
            </Heading>
            <p className="muted welcome__group-intro">{group.intro}</p>
            <ul className="welcome__tasks">
              {group.tasks.map((task) => (
                <li key={task.id}>
                  <strong>{task.title}</strong>
                  <span className="muted">{task.asks}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
