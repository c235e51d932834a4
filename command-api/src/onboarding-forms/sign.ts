import { envelopeStream, parseEvent, type EnvelopeEvent, type EnvelopeRecipient } from '@onboard/events';
import { AppError, NotFoundError, ValidationError } from '@onboard/domain';
import {
  LINK_EXPIRED_MESSAGE,
  SIGNING_SESSION_MINUTES,
  auditCertificate,
  envelopeDecider,
  fieldsOf,
  quorumNote,
  type EnvelopeState,
  type FieldStamp,
  type SigningOrigin,
  type SigningTokenClaims,
} from '@onboard/domain';
import type { embeddedViewAction } from './routes.contract.ts';
import type { Request } from 'express';
import type { RouteHandler, RouteInput } from '@onboard/api-contract/express';
import { type OnboardingForms } from './context.ts';

/** What a recipient does by their signing link or session: open, sign, decline or finish later. */
export const signingAction =
  (forms: OnboardingForms): RouteHandler<typeof embeddedViewAction> =>
  async (req, res, input) => {
    const { deps, eSignature, readEnvelope, executeEnvelope, viewOf } = forms;
    const clientId = String(req.params.clientId);
    const envelopeId = String(req.params.onboardingFormId);
    const action = String(req.params.action) as 'open' | 'sign' | 'decline' | 'finish-later';
    const body = input.body();
    const purpose = action === 'open' ? 'link' : 'session';
    // A link's expiry is the envelope's (OpenSigningView checks it; staff may have extended it); a
    // session's is its token's.
    const claims = eSignature.verifyToken(body.token, purpose === 'link' ? null : deps.now());
    if (
      !claims ||
      claims.purpose !== purpose ||
      claims.envelopeId !== envelopeId ||
      claims.clientId !== clientId
    )
      throw new AppError(400, 'LINK_EXPIRED', LINK_EXPIRED_MESSAGE);
    const { recipientId } = claims;
    const state = await readEnvelope(clientId, envelopeId);
    const recipient = state.recipients.find((r) => r.recipientId === recipientId);
    if (!recipient) throw new AppError(400, 'LINK_EXPIRED', LINK_EXPIRED_MESSAGE);
    const signer = { userId: recipient.userId ?? `signing-link:${claims.linkId}`, role: 'SIGNER' };
    const origin: SigningOrigin = {
      ipAddress: req.ip ?? req.socket.remoteAddress ?? null,
      userAgent: req.get('user-agent') ?? null,
      userId: recipient.userId,
      linkId: action === 'open' ? claims.linkId : null,
    };
    const ref = { envelopeId, clientId, recipientId };

    if (action === 'open') {
      const until = new Date(deps.now().getTime() + SIGNING_SESSION_MINUTES * 60_000).toISOString();
      await executeEnvelope(req, signer, {
        type: 'OpenSigningView',
        data: { ...ref, lockedUntil: until, origin },
      });
      const session: SigningTokenClaims = { ...claims, purpose: 'session', expiresAt: until };
      res.json({
        sessionToken: eSignature.issueToken(session),
        expiresAt: until,
        recipientId,
        recipientName: recipient.name,
        roleName: state.roles.find((r) => r.roleId === recipient.roleId)?.name ?? '',
        formName: state.formName,
        pages: state.pages,
        fields: fieldsOf(state, recipientId),
        quorumNote: quorumNote(state, recipient.roleId),
      });
      return;
    }
    if (action === 'decline') {
      const after = await executeEnvelope(req, signer, {
        type: 'Decline',
        data: { ...ref, reason: body.reason ?? '', origin },
      });
      res.json(viewOf(after));
      return;
    }
    if (action === 'finish-later') {
      const after = await executeEnvelope(req, signer, { type: 'FinishLater', data: { ...ref, origin } });
      res.json(viewOf(after));
      return;
    }
    res.json(viewOf(await sign(forms, { req, state, recipient, signer, origin, ref, body })));
  };

type Signing = {
  req: Request;
  state: EnvelopeState;
  recipient: EnvelopeRecipient;
  signer: { userId: string; role: string };
  origin: SigningOrigin;
  ref: { envelopeId: string; clientId: string; recipientId: string };
  body: ReturnType<RouteInput<typeof embeddedViewAction>['body']>;
};

/** Sign: refused early when the recipient may not (nothing stored), then stamped onto the current PDF. */
async function sign(forms: OnboardingForms, { req, state, recipient, signer, origin, ref, body }: Signing) {
  const { deps, eSignature, executeEnvelope } = forms;
  const { envelopeId, recipientId } = ref;
  const signature = body.signature;
  if (!signature)
    throw new ValidationError(
      { 'body.signature': 'Draw or type your signature' },
      'Draw or type your signature',
    );
  const values = body.values ?? {};
  const signedAt = deps.now().toISOString();
  const check = envelopeDecider.decide(
    {
      type: 'Sign',
      data: {
        ...ref,
        signatureKind: signature.kind,
        values,
        documentId: '',
        hashBefore: state.sha256,
        hashAfter: '',
        origin,
      },
      metadata: { at: signedAt, by: signer },
    },
    state,
  );
  if (!check.ok) {
    const { code, message } = check.error;
    if (code === 'INVALID')
      throw new ValidationError(
        Object.fromEntries(Object.entries(check.error.fields).map(([k, v]) => [`body.${k}`, v])),
        message,
      );
    if (code === 'NOT_FOUND') throw new NotFoundError(message);
    throw new AppError(
      409,
      code === 'NOT_YOUR_TURN' || code === 'LOCKED' || code === 'NO_LONGER_NEEDED' ? code : 'CONFLICT',
      message,
    );
  }
  const current = await deps.documents.get(state.documentId);
  if (!current) throw new NotFoundError('The form’s document is missing from the store');
  const png = signature.kind === 'drawn' ? pngOf(signature.png) : null;
  if (signature.kind === 'drawn' && !png)
    throw new ValidationError({ 'body.signature': 'Draw your signature' }, 'Draw your signature');
  const fields = fieldsOf(state, recipientId);
  const signedOn = deps.now().toISOString().slice(0, 10);
  const typed = signature.kind === 'typed' ? signature.text.trim() : '';
  const stamps = stampsOf(fields, { png, typed, name: recipient.name, values, signedOn });
  const hashBefore = eSignature.sha256(current.bytes);
  let stamped = await eSignature.stamp(current.bytes, stamps);
  // The signature that completes the form appends the audit certificate: every recipient's trail.
  if (check.events.some((e) => e.type === 'EnvelopeCompleted')) {
    const recorded = await deps.store.readStream(envelopeStream(envelopeId));
    const trail = [...recorded.map((r) => parseEvent(r) as EnvelopeEvent), ...check.events];
    stamped = await eSignature.certify(stamped, auditCertificate(trail, eSignature.sha256(stamped)));
  }
  const documentId = deps.newId();
  await deps.documents.put!({
    documentId,
    bytes: stamped,
    mimeType: 'application/pdf',
    name: `${state.formName} - signed by ${recipient.name}.pdf`,
    uploadedBy: signer.userId,
  });
  const after = await executeEnvelope(
    req,
    signer,
    {
      type: 'Sign',
      data: {
        ...ref,
        signatureKind: signature.kind,
        values,
        documentId,
        hashBefore,
        hashAfter: eSignature.sha256(stamped),
        size: stamped.byteLength,
        origin,
      },
    },
    signedAt,
  );
  return after;
}

/** What is stamped on each of the recipient's fields. */
const stampsOf = (
  fields: ReturnType<typeof fieldsOf>,
  {
    png,
    typed,
    name,
    values,
    signedOn,
  }: {
    png: Uint8Array | null;
    typed: string;
    name: string;
    values: Record<string, string>;
    signedOn: string;
  },
) =>
  fields.map((field): FieldStamp => {
    switch (field.kind) {
      case 'signature':
        return png ? { field, kind: 'image', png } : { field, kind: 'text', text: typed, italic: true };
      case 'initials':
        return png
          ? { field, kind: 'image', png }
          : { field, kind: 'text', text: initialsOf(typed || name), italic: true };
      case 'dateSigned':
        return { field, kind: 'text', text: signedOn };
      case 'text':
        return { field, kind: 'text', text: (values[field.fieldId] ?? '').trim() };
      case 'checkbox':
        return { field, kind: 'check', checked: values[field.fieldId] === 'true' };
    }
  });

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** The PNG of a data URL (`data:image/png;base64,...`), or null when it is not one. */
function pngOf(dataUrl: string): Uint8Array | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) return null;
  const bytes = Buffer.from(match[1]!, 'base64');
  return bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 ? bytes : null;
}
