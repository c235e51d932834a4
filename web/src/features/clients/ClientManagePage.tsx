import { ClientPageHeader } from './ClientPageHeader.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { lazy, Suspense, useState } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import { errorMessage } from '../../api/errors.ts';
import { undoIcEdits, useApplyClientView, useNetChanges } from '../eif/api.ts';
import { useAuthenticatedUser, useClient } from '../../api/hooks.ts';
import { ConfirmDialog } from '../../ui/Dialogs.tsx';
import { EifStatusBadge, StampList } from '../eif/Eif.tsx';
import type { ClientView } from '../../api/types.ts';
import { NoticeAlert, PageSkeleton } from '../../ui/Feedback.tsx';
import { QueryFallback } from '../../ui/QueryState.tsx';
import { InviteOutsideSignerDialog } from '../eif/Signing.tsx';
import { EvidencePackButton } from './EvidencePackButton.tsx';
import { pendingNetChanges } from '../eif/NetChanges.tsx';
import {
  clientHistoryPath,
  clientEmailRulesPath,
  clientHubPath,
  clientReviewPath,
  pushToQpsPath,
} from '../../app/routes.ts';
import { useAction } from '../../api/action.ts';

// The client's lifecycle and setup checklist load with their own code.
const lifecycle = () => import('./LifecycleSection.tsx');
const LifecycleSection = lazy(() => lifecycle().then((m) => ({ default: m.LifecycleSection })));
const ManageFallback = lazy(() => lifecycle().then((m) => ({ default: m.ManageFallback })));

// The client's Explorer sites (below the fold) load with their own feature.
const ExplorerSitesSection = lazy(() =>
  import('../explorer-admin/ExplorerSitesSection.tsx').then((m) => ({ default: m.ExplorerSitesSection })),
);

const PlanSystemPanel = lazy(() => import('./PlanSystemPanel.tsx'));

// Erasure of personal data (owners only) loads with its own code.
const PersonalDataSection = lazy(() =>
  import('./PersonalDataSection.tsx').then((m) => ({ default: m.PersonalDataSection })),
);

// The change log (below the fold, worded with the forms' labels) loads with its own code.
const ChangeLogSection = lazy(() =>
  import('./ChangeLogSection.tsx').then((m) => ({ default: m.ChangeLogSection })),
);

/** The plan-system tools load when staff open them (the manage page's first load stays small). */
function PlanSystemCard({ clientId }: { clientId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  if (isOpen)
    return (
      <Suspense fallback={<PageSkeleton />}>
        <PlanSystemPanel clientId={clientId} />
      </Suspense>
    );
  return (
    <TitledSection id="plan-system-closed-title" title="Plan system" className="card">
      <p className="muted">
        Compare the client with its case in the carrier’s plan system, import or sync it, configure plans, and
        send the activation e-mails.
      </p>
      <div className="button-row card__actions">
        <Button className="button button--secondary" onPress={() => setIsOpen(true)}>
          Open the plan-system tools
        </Button>
      </div>
    </TitledSection>
  );
}
type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The client's form: its status, its stamps, and the staff's ways into it. */
function EifCard({
  clientId,
  client,
  pending,
  onInvite,
  onUndo,
}: {
  clientId: string;
  client: ClientView;
  pending: number;
  onInvite: () => void;
  onUndo: () => void;
}) {
  return (
    <section className="card" aria-labelledby="eif-title">
      <div className="card__header">
        <Heading level={2} id="eif-title" className="card__title">
          Employer Information Form
        </Heading>
        <EifStatusBadge client={client} />
      </div>
      <StampList client={client} />
      <div className="button-row card__actions">
        <Link className="button button--primary" href={clientReviewPath(clientId)}>
          Review changes{pending > 0 ? ` (${pending})` : ''}
        </Link>
        <Link className="button button--secondary" href={clientHistoryPath(clientId)}>
          EIF history
        </Link>
        <Link className="button button--secondary" href={clientEmailRulesPath(clientId)}>
          Notification rules
        </Link>
        <Link className="button button--secondary" href={pushToQpsPath(clientId)}>
          Push to plan system
        </Link>
        <Button className="button button--secondary" onPress={onInvite}>
          Invite an outside signer
        </Button>
        <EvidencePackButton clientId={clientId} />
        <Button className="button button--danger" onPress={onUndo}>
          Undo IC edits
        </Button>
      </div>
    </section>
  );
}

/** Staff view of one client (onboarding §2 /clients/admin/{clientId}/manage). */
export function ClientManagePage({ clientId }: { clientId: string }) {
  const { data: client, error } = useClient(clientId);
  const { data: user } = useAuthenticatedUser();
  const { data: nets } = useNetChanges(clientId, client?.version);
  const apply = useApplyClientView();
  const [isInviting, setIsInviting] = useState(false);
  const [isUndoing, setIsUndoing] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const undo = useAction(async () => apply(await undoIcEdits(clientId)), {
    onSuccess: () => {
      setNotice({ tone: 'success', text: "The implementation consultant's pending edits were undone." });
      setIsUndoing(false);
    },
    onError: (caught) => {
      setNotice({ tone: 'error', text: errorMessage(caught) });
      setIsUndoing(false);
    },
  });

  if (error && !client)
    // A draft has no form yet: the fallback shows its lifecycle alone (otherwise the error).
    return (
      <Suspense fallback={<PageSkeleton />}>
        <ManageFallback clientId={clientId} error={error} />
      </Suspense>
    );
  if (!client) return <QueryFallback error={null} isPage />;
  // As many as the review page lists: one per entity's net change.
  const pending = pendingNetChanges(nets, client).length;

  return (
    <div className="page page--wide">
      <ClientPageHeader name={client.name}>
        <Link className="button button--secondary" href={clientHubPath(clientId)}>
          Open client hub
        </Link>
      </ClientPageHeader>
      <NoticeAlert notice={notice} testId="manage-notice" />
      <Suspense fallback={<PageSkeleton />}>
        <LifecycleSection clientId={clientId} />
      </Suspense>
      <EifCard
        clientId={clientId}
        client={client}
        pending={pending}
        onInvite={() => setIsInviting(true)}
        onUndo={() => setIsUndoing(true)}
      />
      <TitledSection id="log-title" title="Change log" className="card">
        <p className="muted">
          The net effect of the changes made since the form was signed, per answer, with their review status.
        </p>
        <Suspense fallback={<PageSkeleton />}>
          <ChangeLogSection clientId={clientId} signedAt={client.eifSignedAt ?? null} client={client} />
        </Suspense>
      </TitledSection>
      <PlanSystemCard clientId={clientId} />
      <Suspense fallback={<PageSkeleton />}>
        <ExplorerSitesSection clientId={clientId} />
      </Suspense>
      {user?.role === 'SLF_OWNER' && (
        <Suspense fallback={<PageSkeleton />}>
          <PersonalDataSection clientId={clientId} clientName={client.name} />
        </Suspense>
      )}

      <InviteOutsideSignerDialog
        clientId={clientId}
        isSigned={Boolean(client.eifSignedAt)}
        isOpen={isInviting}
        onOpenChange={setIsInviting}
        onSent={(email) => setNotice({ tone: 'success', text: `An invitation was sent to ${email}.` })}
      />
      <ConfirmDialog
        title="Undo IC edits"
        isOpen={isUndoing}
        isPending={undo.isPending}
        message="Undo every pending change the implementation consultants made after the form was signed? The client's own pending changes stay."
        confirmLabel="Undo edits"
        onCancel={() => setIsUndoing(false)}
        onConfirm={() => void undo.run()}
      />
    </div>
  );
}
