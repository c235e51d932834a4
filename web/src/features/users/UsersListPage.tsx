import { lazy, useState } from 'react';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useAtom } from '../../state/store.ts';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { errorMessage } from '../../api/errors.ts';
import {
  createUser,
  deleteUser,
  PAGE_SIZE,
  updateUser,
  useUserPage,
  type UserKind,
  type UserListItem,
} from './api.ts';
import { ROLE_LABELS } from '../../api/types.ts';
import { ConfirmDialog, ModalDialog } from '../../ui/Dialogs.tsx';
import { NoticeAlert } from '../../ui/Feedback.tsx';
import type { UserFormValues } from './UserForm.tsx';
import { useUserActions } from './UserActions.tsx';
import { userListQueryAtoms } from '../../state/atoms.ts';
import { userManagePath } from '../../app/routes.ts';
import { ListTable, listControls } from '../../ui/ListTable.tsx';
import { OnDemandMenu } from '../../ui/OnDemandMenu.tsx';
import { useConfirmedAction } from '../../api/action.ts';
import { QueryState } from '../../ui/QueryState.tsx';

// The form (and its role choice) loads when its dialog first opens, not with the list.
const UserForm = lazy(() => import('./UserForm.tsx').then((m) => ({ default: m.UserForm })));

const TITLES: Record<UserKind, { title: string; singular: string }> = {
  internal: { title: 'Internal users', singular: 'internal user' },
  broker: { title: 'Brokers', singular: 'broker' },
  'ben-admin': { title: 'Benefits administrators', singular: 'benefits administrator' },
};

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '—';

/** Revalidates every page of one list (any search, sort or page). */
function useRefreshList(kind: UserKind) {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && key.startsWith(`/api/users/${kind}?`));
}

function InternalRowActions({
  user,
  onEdit,
  onDelete,
}: {
  user: UserListItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { actions, run, feedback } = useUserActions('internal', user);
  return (
    <>
      <OnDemandMenu
        trigger={{
          className: 'button button--small button--secondary',
          'aria-label': `Actions for ${user.firstName} ${user.lastName}`,
          children: 'Actions ▾',
        }}
        placement="bottom end"
        entries={[
          { id: 'edit', label: 'Edit profile' },
          ...actions.map((action) => ({ id: action.id, label: action.label })),
          { id: 'delete', label: 'Delete', className: 'menu__item menu__item--danger' },
        ]}
        onAction={(id) => {
          if (id === 'edit') onEdit();
          else if (id === 'delete') onDelete();
          else void run(id);
        }}
      />
      {feedback}
    </>
  );
}

export function UsersListPage({ kind }: { kind: UserKind }) {
  const [query, setQuery] = useAtom(userListQueryAtoms[kind]);
  const { data, error, mutate } = useUserPage(kind, query);
  const refresh = useRefreshList(kind);

  /**
   * The list is a read model that catches up a moment after a command answers, so after a create or a
   * delete reload until the total shows the change (bounded; a later visit shows it anyway).
   */
  const refreshUntilTotal = async (isDone: (total: number) => boolean) => {
    for (let attempt = 0; attempt < 15; attempt++) {
      const fresh = await mutate();
      if (fresh && isDone(fresh.total)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await refresh();
  };
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { title, singular } = TITLES[kind];

  const create = async (values: UserFormValues) => {
    const before = data?.total ?? 0;
    await createUser(kind, {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phoneNumber: values.phoneNumber,
      ...(kind === 'internal' ? { role: values.role } : { clientIds: values.clientIds ?? [] }),
      sendWelcomeEmail: values.sendWelcomeEmail ?? false,
    });
    setIsCreating(false);
    const name = `${values.firstName} ${values.lastName}`;
    setNotice({
      tone: 'success',
      text: values.sendWelcomeEmail
        ? `${name} was created and a welcome e-mail is on its way.`
        : `${name} was created.`,
    });
    await refreshUntilTotal((total) => total > before);
  };

  const remove = useConfirmedAction(
    async (user: UserListItem) => {
      const before = data?.total ?? 0;
      await deleteUser(kind, user.id);
      setNotice({ tone: 'success', text: `${user.firstName} ${user.lastName} was deleted.` });
      await refreshUntilTotal((total) => total < before);
    },
    { onError: (caught) => setNotice({ tone: 'error', text: errorMessage(caught) }) },
  );
  const { target: deleting, ask: setDeleting } = remove;

  return (
    <div className="page page--wide">
      <div className="page__header page__header--row">
        <Heading level={1}>{title}</Heading>
        <Button className="button button--primary" onPress={() => setIsCreating(true)}>
          Add {singular}
        </Button>
      </div>
      <NoticeAlert notice={notice} testId="list-notice" />
      <section className="card">
        <SearchBox
          value={query.search}
          onChange={(search) => setQuery({ ...query, search, page: 1 })}
          placeholder="Name or e-mail"
        />
        <QueryState data={data} error={error} staleError="above">
          {(data) => (
            <ListTable
              label={title}
              columns={[
                { id: 'lastName', label: 'Name', isSortable: true },
                { id: 'email', label: 'E-mail', isSortable: true },
                kind === 'internal' ? { id: 'role', label: 'Role' } : { id: 'clientIds', label: 'Clients' },
                { id: 'firstLogin', label: 'First sign-in' },
                { id: 'lastLogin', label: 'Last sign-in', isSortable: true },
                { id: 'welcomeEmailSentDate', label: 'Welcome e-mail', isSortable: true },
                { id: 'actions', label: <span className="visually-hidden">Actions</span> },
              ]}
              items={data.items}
              rowId={(user) => user.id}
              cells={(user) => [
                `${user.firstName} ${user.lastName}`,
                user.email,
                kind === 'internal' ? ROLE_LABELS[user.role] : user.clientIds.join(', ') || '—',
                formatDate(user.firstLogin),
                formatDate(user.lastLogin),
                formatDate(user.welcomeEmailSentDate),
                kind === 'internal' ? (
                  <InternalRowActions
                    user={user}
                    onEdit={() => setEditing(user)}
                    onDelete={() => setDeleting(user)}
                  />
                ) : (
                  <Link
                    className="button button--small button--secondary"
                    href={userManagePath(kind, user.id)}
                  >
                    Manage
                  </Link>
                ),
              ]}
              empty="No users found."
              {...listControls(query, setQuery, {
                total: data.total,
                pageSize: PAGE_SIZE,
                noun: ['user', 'users'],
              })}
            />
          )}
        </QueryState>
      </section>

      <ModalDialog title={`Add ${singular}`} isOpen={isCreating} onOpenChange={setIsCreating}>
        <UserForm
          kind={kind}
          mode="create"
          submitLabel="Create"
          onSubmit={create}
          onCancel={() => setIsCreating(false)}
        />
      </ModalDialog>

      <ModalDialog
        title="Edit profile"
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing && (
          <UserForm
            kind={kind}
            mode="edit"
            initial={editing}
            submitLabel="Save"
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              await updateUser(kind, editing.id, editing.version, {
                firstName: values.firstName,
                lastName: values.lastName,
                email: values.email,
                phoneNumber: values.phoneNumber,
              });
              setEditing(null);
              setNotice({ tone: 'success', text: 'Profile saved.' });
              await refresh();
            }}
          />
        )}
      </ModalDialog>

      <ConfirmDialog
        title={`Delete ${singular}`}
        isOpen={deleting !== null}
        isPending={remove.isPending}
        message={
          deleting
            ? `Delete ${deleting.firstName} ${deleting.lastName} (${deleting.email})? They will no longer be able to sign in.`
            : ''
        }
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove.confirm()}
      />
    </div>
  );
}
