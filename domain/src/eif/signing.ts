/**
 * Who signs the EIF (onboarding §3 Client: authorizedSignerUserId, brokerAsAuthorizedSigner). Staff
 * name the signer; the server and the review & submit page both ask this rule, so the page offers the
 * Sign button exactly to whom the server lets sign.
 *
 * - The benefits administrator named as authorizedSignerUserId signs.
 * - A broker of the client signs only when brokerAsAuthorizedSigner is set.
 * - With no one named (no user and not the broker), any benefits administrator of the client signs:
 *   until staff say otherwise, the client's own administrator speaks for it (ARCHITECTURE.md Decisions).
 * - Internal staff never sign; an outside signer signs through an invitation (outside-signer route),
 *   not through this rule.
 */

export type SignerSetting = { authorizedSignerUserId: string | null; brokerAsAuthorizedSigner: boolean };

export type SigningDecision =
  | { ok: true; signerKind: 'AUTHORIZED_SIGNER' | 'BROKER_AS_AUTHORIZED_SIGNER' }
  | { ok: false; message: string };

export const SIGNING_MESSAGES = {
  notSigner: 'Only the client’s authorized signer can sign the form',
  brokerNotSigner: 'A broker signs the form only when named the authorized signer',
  inviteToSign: 'Only staff or the client’s authorized signer can ask someone else to sign',
  inviteToReview: 'Only staff can ask someone to review the updates',
  alreadySigned:
    'They have already signed the form and have no changes to confirm. Invite them to review the updates instead.',
  notSignedYet:
    'The form is not signed yet, so there are no updates to review. Invite them to sign it instead.',
  noUpdates: 'There are no updates to review: nothing was changed after the form was signed.',
} as const;

/**
 * Whether an invitation leaves its signer something to do: a signature on an unsigned form, on a signed
 * one a countersignature (eif/signatures.ts) or, for whom signed already, the accepted changes of their
 * sections to confirm; or updates to review on a signed form. Returns the words of the refusal, or null
 * when there is something to do. `invitee`: whether the person invited signed already, and if so whether
 * changes of their sections wait for their confirmation.
 */
export function inviteHasNothingToDo(
  form: { status: 'pre_sign' | 'signed'; pendingCount: number },
  stepId: 'review-&-submit' | 'review-&-submit-updates',
  invitee: 'not-signed' | 'signed' | 'to-confirm' = 'not-signed',
): string | null {
  if (stepId === 'review-&-submit')
    return form.status === 'signed' && invitee === 'signed' ? SIGNING_MESSAGES.alreadySigned : null;
  if (form.status !== 'signed') return SIGNING_MESSAGES.notSignedYet;
  return form.pendingCount === 0 ? SIGNING_MESSAGES.noUpdates : null;
}

/** The step an invitation asks for by default: the one the form's state leaves to do. */
export const defaultInviteStep = (isSigned: boolean): 'review-&-submit' | 'review-&-submit-updates' =>
  isSigned ? 'review-&-submit-updates' : 'review-&-submit';

/** The signer setting as stored on the Client (absent or malformed values read as "not named"). */
export function signerSettingOf(client: Record<string, unknown>): SignerSetting {
  const userId = client.authorizedSignerUserId;
  return {
    authorizedSignerUserId: typeof userId === 'string' && userId !== '' ? userId : null,
    brokerAsAuthorizedSigner: client.brokerAsAuthorizedSigner === true,
  };
}

/** Whether this user signs the form under the setting, and as which kind of signer. */
export function decideSigner(
  setting: SignerSetting,
  actor: { userId: string; role: string },
): SigningDecision {
  switch (actor.role) {
    case 'BROKER':
      return setting.brokerAsAuthorizedSigner
        ? { ok: true, signerKind: 'BROKER_AS_AUTHORIZED_SIGNER' }
        : { ok: false, message: SIGNING_MESSAGES.brokerNotSigner };
    case 'BEN_ADMIN': {
      const named = setting.authorizedSignerUserId;
      const nobodyNamed = named === null && !setting.brokerAsAuthorizedSigner;
      return named === actor.userId || nobodyNamed
        ? { ok: true, signerKind: 'AUTHORIZED_SIGNER' }
        : { ok: false, message: SIGNING_MESSAGES.notSigner };
    }
    default:
      return { ok: false, message: SIGNING_MESSAGES.notSigner };
  }
}

/**
 * Who may invite an outside signer (onboarding §2 outside-signer routes). Signing in someone's place is
 * the signer's to hand over, or staff's; reviewing the updates made after signing answers staff's own
 * edits, so only staff ask for it.
 */
export function decideInvite(
  setting: SignerSetting,
  actor: { userId: string; role: string },
  stepId: 'review-&-submit' | 'review-&-submit-updates',
): { ok: true } | { ok: false; message: string } {
  const isStaff = actor.role === 'SLF_ADMIN' || actor.role === 'SLF_OWNER';
  if (isStaff) return { ok: true };
  if (stepId === 'review-&-submit-updates') return { ok: false, message: SIGNING_MESSAGES.inviteToReview };
  return decideSigner(setting, actor).ok
    ? { ok: true }
    : { ok: false, message: SIGNING_MESSAGES.inviteToSign };
}
