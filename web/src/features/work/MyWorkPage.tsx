import { Heading, Link } from '../../ui/controls.ts';
import { useLocation, useSearch } from 'wouter';
import { dueDateBadge } from '@onboard/domain/web';
import { isAdminRole, ROLE_LABELS, type AuthenticatedUser } from '../../api/types.ts';
import { myWorkPath } from '../../app/routes.ts';
import { now } from '../../app/clock.ts';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { TaskMeta, taskPath } from '../tasks/HubTasks.tsx';
import { PersonComboBox } from './PersonComboBox.tsx';
import { useUserWork, type WorkItem } from './api.ts';

/** One waiting task: what and where, what it waits for, and the hub's due-date badge and status pill. */
function WorkRow({ item }: { item: WorkItem }) {
  return (
    <li className="hub-task work-item" data-testid="work-item">
      <div className="work-item__what">
        <Link className="text-link hub-task__title" href={taskPath(item.clientId, item)}>
          {item.title}
        </Link>
        <span className="work-item__where">
          {item.clientName}
          {item.policyLabel && ` · ${item.policyLabel}`}
        </span>
        <span className="work-item__action">{item.action}</span>
      </div>
      <TaskMeta className="work-item__meta" dueDate={item.dueDate} status={item.status} pill={item.pill}>
        {!item.dueDate && <span className="muted">No due date</span>}
      </TaskMeta>
    </li>
  );
}

/**
 * `/my-work`: what waits on the signed-in person across their clients, soonest due first (GET
 * /api/users/{userId}/work), with the hub's pills and badges. Staff read anyone's: the person is in the
 * address (`?person=`), so a list can be shared.
 */
export function MyWorkPage({ user }: { user: AuthenticatedUser }) {
  const [, navigate] = useLocation();
  const isStaff = isAdminRole(user.role);
  const asked = new URLSearchParams(useSearch()).get('person');
  const personId = isStaff && asked ? asked : user.id;
  const isMine = personId === user.id;
  const { data, error } = useUserWork(personId);
  const person = data?.person.userId === personId ? data.person : null;
  const items = data?.items ?? [];
  const pastDue = items.filter(
    (item) => dueDateBadge(item.dueDate ?? '', item.status, now())?.tone === 'past-due',
  );
  return (
    <div className="page">
      <div className="page__header">
        <p className="eyebrow">Across {isMine ? 'your' : 'their'} clients</p>
        <Heading level={1}>{isMine ? 'My work' : person ? `${person.name}’s work` : 'Work'}</Heading>
        {person && !isMine && <p className="muted">{ROLE_LABELS[person.role as keyof typeof ROLE_LABELS]}</p>}
      </div>
      {isStaff && (
        <section className="card work-person" aria-label="Whose work">
          <PersonComboBox
            // Shown again once the person's name is known.
            key={`${personId}/${person ? 'named' : 'loading'}`}
            value={
              person
                ? {
                    id: person.userId,
                    name: person.name,
                    email: '',
                    role: person.role as AuthenticatedUser['role'],
                  }
                : null
            }
            onChange={(chosen) => navigate(myWorkPath(chosen.id === user.id ? undefined : chosen.id))}
          />
          {!isMine && (
            <Link className="text-link" href={myWorkPath()}>
              Back to my work
            </Link>
          )}
        </section>
      )}
      {error && !data && <ErrorPanel error={error} />}
      {!data && !error && <PageSkeleton />}
      {data && (
        <section className="card" aria-labelledby="work-title" data-testid="my-work">
          <div className="card__header">
            <Heading level={2} id="work-title" className="card__title">
              {items.length === 0
                ? 'Nothing waits on ' + (isMine ? 'you' : 'them')
                : `${items.length} ${items.length === 1 ? 'task waits' : 'tasks wait'} on ${isMine ? 'you' : 'them'}`}
            </Heading>
            {pastDue.length > 0 && (
              <span className="due-badge due-badge--past-due" data-testid="work-past-due">
                {pastDue.length} past due
              </span>
            )}
          </div>
          {items.length === 0 ? (
            <p className="muted">
              {isStaff
                ? 'Tasks submitted for review and the calls of the clients you consult show here.'
                : 'Your clients’ tasks that are yours to do show here, soonest due first.'}
            </p>
          ) : (
            <ul className="hub-task-list">
              {items.map((item) => (
                <WorkRow key={`${item.clientId}/${item.taskId}/${item.policyId ?? ''}`} item={item} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
