/** The staff member (an implementation consultant) who asks the decider tests' commands. */
export const staff = { userId: 'ic-1', role: 'SLF_ADMIN' };

/** When the decider tests' commands are asked, unless a test says otherwise. */
export const at = '2026-11-24T10:00:00.000Z';
