import { useState } from 'react';
import { Button } from '../../ui/controls.ts';
import { Link } from 'wouter';
import { useDocumentNotice, useSetDocumentNotice } from './notice.ts';
import { documentsScreenPath } from './paths.ts';
import './notice.css';

/**
 * The hub's new-document notice (onboarding §4): shown when staff added documents since the user last
 * looked; opening the documents marks it seen (NEW_AND_SEEN), 'Dismiss' marks it OLD.
 */
export function NewDocumentNotice({ clientId }: { clientId: string }) {
  const { data: notice } = useDocumentNotice(clientId);
  const setNotice = useSetDocumentNotice(clientId);
  const [isDismissing, setIsDismissing] = useState(false);
  if (!notice?.hasNewDocuments) return null;
  const count = notice.newDocumentCount;
  return (
    <div className="alert alert--info hub-document-notice" role="status" data-testid="new-document-notice">
      <span>
        Your onboarding team added {count === 1 ? 'a new document' : `${count} new documents`}.{' '}
        <Link className="text-link" href={documentsScreenPath(clientId)}>
          View documents
        </Link>
      </span>
      <Button
        className="button button--secondary button--small"
        isPending={isDismissing}
        onPress={() => {
          setIsDismissing(true);
          void setNotice('OLD').finally(() => setIsDismissing(false));
        }}
      >
        Dismiss
      </Button>
    </div>
  );
}
