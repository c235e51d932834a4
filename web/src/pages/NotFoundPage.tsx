import { Button, Heading } from 'react-aria-components';
import { useLocation } from 'wouter';
import { INDEX_PATH } from '../routes.ts';

export function NotFoundPage() {
  const [, navigate] = useLocation();
  return (
    <div className="status-page">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <Heading level={1}>Sorry, the page you are looking for does not exist.</Heading>
      <Button className="button button--primary" onPress={() => navigate(INDEX_PATH)}>
        Return to Home
      </Button>
      <p className="muted">Need help? E-mail support at support@onboard.example.</p>
    </div>
  );
}
