import { Button } from '../../ui/controls.ts';
import { useAction } from '../../api/action.ts';
import { downloadEvidencePack } from '../../api/download.ts';
import { anyErrorMessage } from '../../api/errors.ts';
import { Alert } from '../../ui/Feedback.tsx';

/** 'Download evidence pack': the sealed PDF of the client's onboarding, checked with `npm run verify-evidence`. */
export function EvidencePackButton({ clientId }: { clientId: string }) {
  const download = useAction(() => downloadEvidencePack(clientId), { describe: anyErrorMessage });
  return (
    <>
      <Button
        className="button button--secondary"
        isPending={download.isPending}
        onPress={() => void download.run()}
      >
        Download evidence pack
      </Button>
      {download.error && (
        <Alert tone="error" testId="evidence-pack-error">
          {download.error}
        </Alert>
      )}
    </>
  );
}
