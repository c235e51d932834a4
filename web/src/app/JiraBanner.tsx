import { useRead } from '../api/client.ts';
import { isAdminRole, type AuthenticatedUser } from '../api/types.ts';

/** explorer §9: the service-status answer is good for 5 minutes, in the browser as on the server. */
const SERVICE_STATUS_FRESH_MS = 5 * 60_000;
const JIRA_DOWN_MESSAGE =
  'Jira is currently down. Some functionality in Onboard might be unavailable at this time.';

/** Internal users (SLF_ADMIN, SLF_OWNER) see this while GET /api/service-status says jira is false (explorer §2). */
export function JiraBanner({ user }: { user: AuthenticatedUser | null }) {
  const isInternal = user !== null && isAdminRole(user.role);
  const { data } = useRead('/api/service-status', isInternal ? {} : null, undefined, {
    dedupingInterval: SERVICE_STATUS_FRESH_MS,
    focusThrottleInterval: SERVICE_STATUS_FRESH_MS,
  });
  if (!isInternal || data?.jira !== false) return null;
  return (
    <div className="jira-banner" role="alert" data-testid="jira-banner">
      {JIRA_DOWN_MESSAGE}
    </div>
  );
}
