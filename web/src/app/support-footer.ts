import type { ClientLifecycleView } from '@onboard/api-contract/views';

/** The support footer's content (platform §2 "Footers"); loaded with SupportFooter's own code. */

type Consultant = NonNullable<ClientLifecycleView['slfImplementationConsultant']>;

export type SupportFooterContent =
  | { kind: 'consultant'; name: string; phone: string | null; email: string; role: string }
  | { kind: 'help-centre'; href: string }
  | { kind: 'none' };

export const CONSULTANT_ROLE_LINE =
  'Your implementation consultant guides your organization through onboarding until your benefits are live.';

/** While the client is not LIVE: its consultant; once LIVE: the help centre, as configured (platform §2). */
export function supportFooterContent(
  lifecycle: Pick<ClientLifecycleView, 'releaseStatus' | 'slfImplementationConsultant'>,
  helpCenterUrl: string,
): SupportFooterContent {
  if (lifecycle.releaseStatus === 'LIVE') return { kind: 'help-centre', href: helpCenterUrl };
  const consultant: Consultant | null = lifecycle.slfImplementationConsultant;
  if (!consultant) return { kind: 'none' };
  return {
    kind: 'consultant',
    name: `${consultant.firstName} ${consultant.lastName}`.trim(),
    phone: consultant.phoneNumber,
    email: consultant.email,
    role: CONSULTANT_ROLE_LINE,
  };
}
