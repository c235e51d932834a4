import { useState } from 'react';
import { Button } from '../../ui/controls.ts';
import { downloadEvidencePack } from '../../api/download.ts';
import { GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { Alert } from '../../ui/Feedback.tsx';

/** 'Download evidence pack': the sealed PDF of the client's onboarding, checked with `npm run verify-evidence`. */
export function EvidencePackButton({ clientId }: { clientId: string }) {
  const [isPending, setIsPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setIsPending(true);
    setFailure(null);
    try {
      await downloadEvidencePack(clientId);
    } catch (caught) {
      setFailure(caught instanceof Error && caught.message ? caught.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setIsPending(false);
    }
  };
  return (
    <>
      <Button className="button button--secondary" isPending={isPending} onPress={() => void download()}>
        Download evidence pack
      </Button>
      {failure && (
        <Alert tone="error" testId="evidence-pack-error">
          {failure}
        </Alert>
      )}
    </>
  );
}
