import { z } from 'zod';
import { parseTaxId } from '../../../domain/src/index.ts';

/** Tax id as typed (`##-#######` or nine digits); stored as the nine digits. */
export const TaxId = z.string().transform((value, ctx) => {
  const parsed = parseTaxId(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.digits;
});

/**
 * PUT /api/clients/{clientId}: the client's editable questionnaire fields. Unknown keys are refused so a
 * typo never silently does nothing.
 */
export const UpdateClientBody = z
  .object({
    taxId: TaxId.optional(),
  })
  .strict();
export type UpdateClientBody = z.infer<typeof UpdateClientBody>;
