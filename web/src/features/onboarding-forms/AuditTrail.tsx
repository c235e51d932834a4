import { Button, Disclosure, DisclosurePanel, Heading } from '../../ui/controls.ts';
import { formatWhen } from '../../ui/format.ts';
import type { OnboardingForm } from './api.ts';

/**
 * A form's audit trail, as its completed PDF's certificate page prints it: each recipient's name, role and
 * e-mail, then every step of theirs with its time (and, for staff, the IP address and browser it came
 * from). Folded away until asked for.
 */
export function AuditTrail({ form }: { form: OnboardingForm }) {
  const trail = form.trail ?? [];
  if (trail.length === 0) return null;
  return (
    <Disclosure className="esign-trail" data-testid="audit-trail">
      <Heading level={4} className="esign-trail__heading">
        <Button slot="trigger" className="button button--link">
          Audit trail of {form.formName}
        </Button>
      </Heading>
      <DisclosurePanel>
        <ul className="esign-trail__recipients">
          {trail.map((recipient, i) => (
            <li key={`${recipient.email}-${i}`} data-testid="audit-trail-recipient">
              <p>
                <strong>{recipient.name}</strong> ({recipient.role}) · {recipient.email}
              </p>
              <ol className="esign-trail__steps">
                {recipient.steps.map((step, j) => (
                  <li key={j} data-testid="audit-trail-step">
                    {step.action} {formatWhen(step.at)}
                    {step.ipAddress ? ` · IP address ${step.ipAddress}` : ''}
                    {step.userAgent ? <span className="esign-muted"> · {step.userAgent}</span> : null}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </DisclosurePanel>
    </Disclosure>
  );
}
