import { useState } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import {
  assignClient,
  changeBenAdminToBroker,
  deleteUser,
  unassignClient,
  updateUser,
  useAssignedClientNames,
  useUser,
  type UserDetail,
} from './api.ts';
import { ROLE_LABELS } from '../../api/types.ts';
import { ConfirmDialog } from '../../ui/Dialogs.tsx';
import { Alert } from '../../ui/Feedback.tsx';
import { useUserActions } from './UserActions.tsx';
import { UserForm } from './UserForm.tsx';
import { ClientComboBox, type ClientChoice } from '../../ui/ClientComboBox.tsx';
import { BEN_ADMINS_PATH, BROKERS_PATH, userManagePath } from '../../app/routes.ts';
import { QueryFallback } from '../../ui/QueryState.tsx';

type ClientKind = 'broker' | 'ben-admin';
type Notice = { tone: 'success' | 'error' | 'warning'; text: string } | null;

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

function ClientsCard({
  kind,
  user,
  onChanged,
}: {
  kind: ClientKind;
  user: UserDetail;
  onChanged: (isDone: (fresh: UserDetail) => boolean) => Promise<unknown>;
}) {
  const [picked, setPicked] = useState<ClientChoice | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [pending, setPending] = useState<string | null>(null);
  const { data: found } = useAssignedClientNames(user.id, user.clientIds);
  // Names only: a client no list answers for any more (deleted) reads as such, never as its id.
  const nameOf = (id: string) => found?.get(id) ?? (found ? 'Removed client' : '…');

  const act = async (
    id: string,
    call: () => Promise<unknown>,
    done: string,
    isDone: (fresh: UserDetail) => boolean,
  ) => {
    setPending(id);
    setNotice(null);
    try {
      await call();
      setNotice({ tone: 'success', text: done });
      await onChanged(isDone);
    } catch (caught) {
      setNotice({ tone: 'error', text: messageOf(caught) });
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="card" aria-labelledby="clients-title">
      <Heading level={2} id="clients-title" className="card__title">
        Clients
      </Heading>
      {user.clientIds.length === 0 ? (
        <p className="muted">Not assigned to any client.</p>
      ) : (
        <ul className="client-list">
          {user.clientIds.map((id) => (
            <li key={id} className="client-list__item">
              <div>
                <span className="client-list__name">{nameOf(id)}</span>
              </div>
              <Button
                className="button button--small button--secondary"
                isPending={pending === `unassign-${id}`}
                onPress={() =>
                  void act(
                    `unassign-${id}`,
                    () => unassignClient(kind, user.id, id),
                    `Unassigned from ${nameOf(id)}.`,
                    (fresh) => !fresh.clientIds.includes(id),
                  )
                }
              >
                Unassign
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="inline-form">
        <ClientComboBox
          key={pickerKey}
          label="Assign to client"
          value={picked}
          onChange={setPicked}
          exclude={user.clientIds}
        />
        <Button
          className="button button--secondary"
          isDisabled={!picked}
          isPending={pending === 'assign'}
          onPress={() => {
            if (!picked) return;
            void act(
              'assign',
              () => assignClient(kind, user.id, picked.id),
              `Assigned to ${picked.name}.`,
              (fresh) => fresh.clientIds.includes(picked.id),
            ).then(() => {
              setPicked(null);
              setPickerKey((k) => k + 1);
            });
          }}
        >
          Assign
        </Button>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </section>
  );
}

function AccountCard({ kind, user }: { kind: ClientKind; user: UserDetail }) {
  const { actions, run, pending, feedback } = useUserActions(kind, user);
  return (
    <section className="card" aria-labelledby="account-title">
      <Heading level={2} id="account-title" className="card__title">
        Account
      </Heading>
      <div className="button-row">
        {actions.map((action) => (
          <Button
            key={action.id}
            className="button button--secondary"
            isPending={pending === action.id}
            onPress={() => void run(action.id)}
          >
            {action.label}
          </Button>
        ))}
      </div>
      {feedback}
    </section>
  );
}

/** /brokers/admin/{userId}/manage and /ben-admins/admin/{userId}/manage. */
export function UserManagePage({ kind, userId }: { kind: ClientKind; userId: string }) {
  const { data: user, error, mutate } = useUser(kind, userId);
  const { mutate: mutateAny } = useSWRConfig();
  const [, navigate] = useLocation();
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<'delete' | 'to-broker' | null>(null);
  const [isPending, setIsPending] = useState(false);
  const listPath = kind === 'broker' ? BROKERS_PATH : BEN_ADMINS_PATH;

  /** The user read model catches up a moment after a command; reload until it shows the change. */
  const reloadUntil = async (isDone: (fresh: UserDetail) => boolean) => {
    for (let attempt = 0; attempt < 15; attempt++) {
      const fresh = await mutate();
      if (fresh && isDone(fresh)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const refreshLists = () => mutateAny((key) => typeof key === 'string' && key.startsWith('/api/users/'));

  const confirm = async () => {
    if (!user || !confirming) return;
    setIsPending(true);
    try {
      if (confirming === 'delete') {
        await deleteUser(kind, user.id);
        await refreshLists();
        navigate(listPath);
      } else {
        await changeBenAdminToBroker(user.id);
        await refreshLists();
        navigate(userManagePath('broker', user.id));
      }
    } catch (caught) {
      setNotice({ tone: 'error', text: messageOf(caught) });
    } finally {
      setIsPending(false);
      setConfirming(null);
    }
  };

  if (!user) return <QueryFallback error={error} isPage />;
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <div className="page">
      <div className="page__header">
        <Link className="back-link" href={listPath}>
          <span aria-hidden="true">←</span>{' '}
          {kind === 'broker' ? 'All brokers' : 'All benefits administrators'}
        </Link>
        <Heading level={1}>{name}</Heading>
        <p className="muted">
          {ROLE_LABELS[user.role]} · {user.email}
        </p>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <section className="card" aria-labelledby="profile-title">
        <Heading level={2} id="profile-title" className="card__title">
          Profile
        </Heading>
        <UserForm
          key={user.version}
          kind={kind}
          mode="edit"
          initial={user}
          submitLabel="Save profile"
          onSubmit={async (values) => {
            try {
              const updated = await updateUser(kind, user.id, user.version, {
                firstName: values.firstName,
                lastName: values.lastName,
                email: values.email,
                phoneNumber: values.phoneNumber,
              });
              await mutate(
                updated && typeof updated === 'object' && 'version' in updated ? updated : undefined,
              );
              setNotice({ tone: 'success', text: 'Profile saved.' });
              void refreshLists();
            } catch (caught) {
              // A stale If-Match: someone else saved first; show their version so the edit can be redone.
              if (caught instanceof ApiError && caught.status === 409 && caught.code !== 'EMAIL_TAKEN') {
                await mutate();
                setNotice({
                  tone: 'warning',
                  text: 'Someone else changed this user meanwhile. Review the profile and save again.',
                });
                return;
              }
              throw caught;
            }
          }}
        />
      </section>
      <ClientsCard kind={kind} user={user} onChanged={reloadUntil} />
      <AccountCard kind={kind} user={user} />
      <section className="card card--danger" aria-labelledby="danger-title">
        <Heading level={2} id="danger-title" className="card__title">
          Change or remove
        </Heading>
        <div className="button-row">
          {kind === 'ben-admin' && (
            <Button className="button button--secondary" onPress={() => setConfirming('to-broker')}>
              Change to broker
            </Button>
          )}
          <Button className="button button--danger" onPress={() => setConfirming('delete')}>
            Delete user
          </Button>
        </div>
      </section>
      <ConfirmDialog
        title={confirming === 'delete' ? 'Delete user' : 'Change to broker'}
        isOpen={confirming !== null}
        isPending={isPending}
        message={
          confirming === 'delete'
            ? `Delete ${name} (${user.email})? They will no longer be able to sign in.`
            : `Make ${name} a broker? They keep their clients and see the broker pages from their next sign-in.`
        }
        confirmLabel={confirming === 'delete' ? 'Delete' : 'Change to broker'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
