import { z } from 'zod';
import { defineRoute, errors, json, problem } from '@onboard/api-contract';

export const ErasureParams = z.object({ clientId: z.string() });

export const ErasureBody = z
  .object({
    scope: z.enum(['CLIENT', 'EMPLOYEE'], { message: 'Choose whose personal data to erase' }),
    /** The employee's id as the census carries it (EMPLOYEE); never kept, only its keyed reference. */
    employeeId: z.string().trim().max(100).optional(),
    reason: z.enum(['PERSON_REQUEST', 'CLIENT_REQUEST', 'LEFT_CARRIER'], { message: 'Choose a reason' }),
  })
  .strict();

export const ErasureAnswer = z.object({
  scope: z.enum(['CLIENT', 'EMPLOYEE']),
  erasedAt: z.string(),
  /** How many data keys were destroyed. */
  keys: z.number().int(),
});

export const erasePersonalData = defineRoute('POST /api/clients/{clientId}/personal-data/erasure', {
  tag: 'personal-data',
  summary: 'Erase the personal data of a client’s employees, or of one employee (owners)',
  description:
    'Destroys the data keys that seal the personal data (crypto-shredding): every key of the client, or ' +
    'the one employee’s (by their census employee id). Every event stays; what the keys sealed reads ' +
    '“erased” from then on, and census files sealed with them are gone. Recorded as PersonalDataErased.',
  request: { params: ErasureParams, body: ErasureBody },
  responses: {
    200: json(ErasureAnswer, 'Erased'),
    400: problem('No reason, no employee id, an employee with no personal data here, or already erased'),
    403: problem('Not staff with the owner role'),
    ...errors.noClient,
  },
});
