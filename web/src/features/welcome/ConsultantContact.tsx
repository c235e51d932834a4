import type { ImplementationConsultant } from './api.ts';
import { personName } from './format.ts';

/** The client's implementation consultant: name, e-mail and phone, each a link that opens its app. */
export function ConsultantContact({ consultant }: { consultant: ImplementationConsultant | null }) {
  if (!consultant) return <p className="muted">Your implementation consultant will be named soon.</p>;
  return (
    <dl className="answers answers--compact welcome-contact" data-testid="implementation-consultant">
      <div className="answer">
        <dt className="answer__label">Name</dt>
        <dd className="answer__value">{personName(consultant)}</dd>
      </div>
      <div className="answer">
        <dt className="answer__label">E-mail</dt>
        <dd className="answer__value">
          <a className="text-link" href={`mailto:${consultant.email}`}>
            {consultant.email}
          </a>
        </dd>
      </div>
      <div className="answer">
        <dt className="answer__label">Phone</dt>
        <dd className="answer__value">
          {consultant.phoneNumber ? (
            <a className="text-link" href={`tel:${consultant.phoneNumber.replace(/[^\d+]/g, '')}`}>
              {consultant.phoneNumber}
            </a>
          ) : (
            <span className="muted">Not given</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
