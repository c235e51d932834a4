import { Redirect } from 'wouter';
import { eifTaskStart } from '@onboard/domain/web';
import { useEditingView } from './forms/api.ts';
import { EifLayout } from './forms/EifLayout.tsx';
import { eifReviewPath, eifSubStepPath } from './forms/navigation.ts';
import { progressOf } from './forms/status.ts';

/**
 * `/task/eif-submit-company-information` with no step: the task opens where the work is, the first
 * visible sub-step not yet completed (domain eifTaskStart), inside the task layout while the form loads.
 */
export function EifTaskPage({ clientId }: { clientId: string }) {
  const { data: view, error } = useEditingView(clientId);
  return (
    <EifLayout clientId={clientId} view={view} error={error} place={null}>
      {(loaded) => {
        const start = eifTaskStart(progressOf(loaded));
        return (
          <Redirect
            replace
            to={start ? eifSubStepPath(loaded.id, start.stepId, start.subStepId) : eifReviewPath(loaded.id)}
          />
        );
      }}
    </EifLayout>
  );
}
