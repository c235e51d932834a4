import { useState, type ReactNode } from 'react';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { Button, Form } from '../../ui/controls.ts';
import { isDependantRow, isMaskedFor } from '@onboard/domain/census';
import { grantFor, REVEAL_REASONS } from '@onboard/domain/web';
import { call, type Body } from '../../api/client.ts';
import { downloadFor } from '../../api/download.ts';
import { useAction } from '../../api/action.ts';
import { CENSUS_FILE, censusErrorMessage } from './api.ts';
import { useAuthenticatedUser } from '../../api/hooks.ts';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { RadioInput } from '../../ui/RadioInput.tsx';

type RevealBody = Body<'post', `${typeof CENSUS_FILE}/reveal`>;
type RevealChangeBody = Body<'post', `${typeof CENSUS_FILE}/changes/reveal`>;
export type RevealReason = RevealBody['reason'];

/** Whether a cell of a row (an employee's, or a dependant's by its relationship cell) comes masked. */
export const isMaskedField = (field: string, relationship?: string) =>
  isMaskedFor(field, isDependantRow(relationship));

/** Whether the signed-in person's role may see full values (the permission table decides). */
export function useMayReveal(): { reveal: boolean; downloadUnmasked: boolean } {
  const { data: user } = useAuthenticatedUser();
  if (!user) return { reveal: false, downloadUnmasked: false };
  return {
    reveal: grantFor(user.role, 'personal-data-reveal') !== null,
    downloadUnmasked: grantFor(user.role, 'personal-data-unmasked-download') !== null,
  };
}

/** Reveals one cell of a row with problems (the report's grid); the reveal is recorded first. */
export const revealCensusCell =
  (clientId: string, policyId: string, documentId: string, cell: Omit<RevealBody, 'reason'>) =>
  async (reason: RevealReason) =>
    (
      await call('post', `${CENSUS_FILE}/reveal`, {
        params: { clientId, policyId, documentId },
        body: { ...cell, reason },
      })
    ).value;

/** Reveals one value of the change view (a person's field, before or now); recorded first. */
export const revealCensusChangeValue =
  (clientId: string, policyId: string, documentId: string, value: Omit<RevealChangeBody, 'reason'>) =>
  async (reason: RevealReason) =>
    (
      await call('post', `${CENSUS_FILE}/changes/reveal`, {
        params: { clientId, policyId, documentId },
        body: { ...value, reason },
      })
    ).value;

/** The census file as uploaded, unmasked: recorded with its reason before it downloads. */
export async function downloadUnmaskedCensusFile(
  clientId: string,
  policyId: string,
  documentId: string,
  reason: RevealReason,
): Promise<void> {
  await downloadFor(`${CENSUS_FILE}/unmasked`, { clientId, policyId, documentId }, { reason });
}

/**
 * Asks why the full value is needed, from the short list, before anything is revealed or downloaded;
 * the answer is recorded with who asked and when.
 */
export function ReasonDialog({
  title,
  what,
  confirmLabel,
  isOpen,
  onClose,
  onConfirm,
}: {
  title: string;
  what: string;
  confirmLabel: string;
  isOpen: boolean;
  onClose: () => void;
  onConfirm: (reason: RevealReason) => Promise<void>;
}) {
  const [reason, setReason] = useState<RevealReason | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const confirm = useAction(onConfirm, { describe: censusErrorMessage, onSuccess: () => close() });
  const close = () => {
    setReason(null);
    setMissing(null);
    confirm.clearError();
    onClose();
  };
  const error = missing ?? confirm.error;
  return (
    <ModalDialog title={title} isOpen={isOpen} onOpenChange={(open) => !open && close()}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (reason === null) setMissing('Choose why you need the full value');
          else void confirm.run(reason);
        }}
      >
        <p>{what} Your name, the time and your reason are recorded and shown to the carrier’s owners.</p>
        <RadioInput
          label="Why do you need it?"
          value={reason}
          options={REVEAL_REASONS.map((r) => ({ value: r, label: r }))}
          onChange={(value) => {
            setReason(value as RevealReason);
            setMissing(null);
            confirm.clearError();
          }}
          className="reveal__reasons"
          error={error && reason === null ? error : undefined}
        />
        <FormFooter error={reason !== null ? error : null} onCancel={close}>
          <Button type="submit" className="button button--primary" isPending={confirm.isPending}>
            {confirmLabel}
          </Button>
        </FormFooter>
      </Form>
    </ModalDialog>
  );
}

/**
 * A masked value with, for a role that may see it, a Reveal button: the full value shows in place
 * after a reason is given, with Hide to mask it again. `render` draws the value (revealed or masked),
 * so an editable cell stays editable. `what` names the value ("SSN, row 5"); `reveal` records the look
 * with its reason and answers the full value.
 */
export function RevealableValue({
  what,
  label,
  masked,
  mayReveal,
  reveal,
  render,
}: {
  what: string;
  label: string;
  masked: string;
  mayReveal: boolean;
  reveal: (reason: RevealReason) => Promise<string>;
  render: (value: string, isRevealed: boolean) => ReactNode;
}) {
  // A reveal belongs to the value it revealed: once the cell changes, it shows masked again.
  const [revealed, setRevealed] = useState<{ masked: string; value: string } | null>(null);
  const [isAsking, setAsking] = useState(false);
  const shown = revealed && revealed.masked === masked ? revealed.value : null;
  return (
    <span className="reveal">
      {render(shown ?? masked, shown !== null)}
      {mayReveal && masked !== '' && (
        <Button
          className="button button--link reveal__toggle"
          aria-label={shown === null ? `Reveal ${what}` : `Hide ${what}`}
          onPress={() => (shown === null ? setAsking(true) : setRevealed(null))}
        >
          {shown === null ? 'Reveal' : 'Hide'}
        </Button>
      )}
      <ReasonDialog
        title={`Reveal ${label}`}
        what={`${what}: the full value shows in place until you hide it.`}
        confirmLabel="Reveal"
        isOpen={isAsking}
        onClose={() => setAsking(false)}
        onConfirm={async (reason) => setRevealed({ masked, value: await reveal(reason) })}
      />
    </span>
  );
}
