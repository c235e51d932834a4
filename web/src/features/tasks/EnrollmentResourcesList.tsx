import { TitledSection } from '../../ui/TitledSection.tsx';
import { Link } from '../../ui/controls.ts';
import { clientHubPath } from '../../app/routes.ts';

/**
 * The slot for the client's enrollment resources on the enrollment-resources task. The resources feature
 * fills it with the materials themselves; until then it links to the resources page.
 */
export function EnrollmentResourcesList({ clientId }: { clientId: string }) {
  return (
    <TitledSection id="enrollment-resources" title="Enrollment materials" className="card task-card">
      <p className="muted">Guides, flyers and forms to share with your employees before enrollment opens.</p>
      <Link className="button button--secondary" href={`${clientHubPath(clientId)}/resources-listing`}>
        See all enrollment resources
      </Link>
    </TitledSection>
  );
}
