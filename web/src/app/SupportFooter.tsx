import { useClientLifecycle } from '../features/clients/lifecycle-api.ts';
import { useConfigValues } from './config-values.ts';
import { supportFooterContent } from './support-footer.ts';

/**
 * The support footer 'Need Help?' of the hub views (platform §2 "Footers"): the implementation
 * consultant while the client is not LIVE, the help centre after. Loaded with its own code.
 */
export function SupportFooter({ clientId }: { clientId: string }) {
  const { data } = useClientLifecycle(clientId);
  const { helpCenterUrl } = useConfigValues();
  if (!data) return null;
  const content = supportFooterContent(data, helpCenterUrl);
  if (content.kind === 'none') return null;
  return (
    <aside className="support-footer" aria-labelledby="support-footer-title" data-testid="support-footer">
      <h2 id="support-footer-title" className="support-footer__title">
        Need Help?
      </h2>
      {content.kind === 'consultant' ? (
        <div className="support-footer__consultant" data-testid="support-footer-consultant">
          <p className="support-footer__role">{content.role}</p>
          <p>
            <strong>{content.name}</strong>
          </p>
          {content.phone && (
            <p>
              <a href={`tel:${content.phone}`}>{content.phone}</a>
            </p>
          )}
          <p>
            <a href={`mailto:${content.email}`}>{content.email}</a>
          </p>
        </div>
      ) : (
        <p>
          <a href={content.href} target="_blank" rel="noreferrer" data-testid="support-footer-help-centre">
            Visit our help center
          </a>
        </p>
      )}
    </aside>
  );
}
