/** The employer's federal tax id (EIN): nine digits, shown as ##-#######. Shared by server and form. */
export const TAX_ID_MESSAGE = 'Tax ID must be 9 digits in the format ##-#######';

export type TaxIdResult = { ok: true; digits: string } | { ok: false; message: string };

export function parseTaxId(input: string): TaxIdResult {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: 'Please provide a response' };
  // Accept the displayed form (12-3456789) or bare digits; nothing else.
  if (!/^\d{2}-?\d{7}$/.test(trimmed)) return { ok: false, message: TAX_ID_MESSAGE };
  return { ok: true, digits: trimmed.replace('-', '') };
}

export function formatTaxId(digits: string): string {
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}
