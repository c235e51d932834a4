import { Alert, PageSkeleton } from '../../ui/Feedback.tsx';
import { PdfPages } from './PdfPages.tsx';
import { downloadPath, useOnboardingForms } from './api.ts';
import './onboarding-forms.css';

/** A form as it now is, read only (onboarding §2 `/onboarding-forms/{id}/view/{recipientId}`). */
export function OnboardingFormViewer({
  clientId,
  onboardingFormId,
}: {
  clientId: string;
  onboardingFormId: string;
}) {
  const { data: forms, error } = useOnboardingForms(clientId);
  if (error)
    return <Alert tone="error">{error instanceof Error ? error.message : 'Please try again.'}</Alert>;
  if (!forms) return <PageSkeleton />;
  const form = forms.find((f) => f.onboardingFormId === onboardingFormId);
  if (!form) return <Alert tone="error">This form is not available.</Alert>;
  return (
    <div className="esign-signing">
      <h1>{form.formName}</h1>
      <p>
        {form.statusLabel}.{' '}
        <a className="link" href={downloadPath(clientId, onboardingFormId)} download>
          Download
        </a>
      </p>
      <PdfPages
        url={downloadPath(clientId, onboardingFormId)}
        pages={form.pages}
        label="The form"
        overlay={() => null}
      />
    </div>
  );
}
