import { z } from 'zod';

/** The answers the onboarding-form calls share on both sides (command-api and query-api). */

const Role = z.object({
  roleId: z.string(),
  name: z.string(),
  routingOrder: z.number().int(),
  quorum: z.number().int().nullable(),
});
const Field = z.object({
  fieldId: z.string(),
  roleId: z.string(),
  kind: z.enum(['signature', 'initials', 'dateSigned', 'text', 'checkbox']),
  label: z.string(),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const SigningRoleSchema = Role.meta({ id: 'SigningRole' });
export const SigningFieldSchema = Field.meta({ id: 'SigningField' });

export const SigningTemplateSchema = z
  .object({
    templateId: z.string(),
    name: z.string(),
    documentId: z.string(),
    fileName: z.string(),
    sha256: z.string(),
    pages: z.array(z.object({ width: z.number(), height: z.number() })),
    roles: z.array(SigningRoleSchema),
    fields: z.array(SigningFieldSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'SigningTemplate' });

export const OnboardingFormSchema = z
  .object({
    onboardingFormId: z.string(),
    clientId: z.string(),
    templateId: z.string(),
    formName: z.string(),
    status: z.enum(['sent', 'declined', 'completed', 'voided']),
    statusLabel: z.string(),
    createdAt: z.string(),
    lastActionAt: z.string(),
    waitingForWebhook: z.boolean(),
    declinedAt: z.string().nullable(),
    voidedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    voidReason: z.string().nullable(),
    recipients: z.array(
      z.object({
        recipientId: z.string(),
        roleId: z.string(),
        roleName: z.string(),
        name: z.string(),
        email: z.string(),
        userId: z.string().nullable(),
        routingOrder: z.number().int(),
        status: z.enum(['waiting', 'sent', 'delivered', 'signed', 'declined', 'released', 'replaced']),
        statusLabel: z.string(),
        lastEditAt: z.string().nullable(),
        deliveredAt: z.string().nullable(),
        signedAt: z.string().nullable(),
        declinedAt: z.string().nullable(),
        declineReason: z.string().nullable(),
        releasedAt: z.string().nullable(),
        linkExpiresAt: z.string().nullable(),
      }),
    ),
    documents: z.array(z.object({ docId: z.string(), name: z.string() })),
    lock: z.object({ recipientName: z.string(), until: z.string() }).nullable(),
    roles: z.array(
      z.object({
        roleId: z.string(),
        name: z.string(),
        routingOrder: z.number().int(),
        quorumLabel: z.string().nullable(),
        progressLabel: z.string(),
      }),
    ),
    pages: z.array(z.object({ width: z.number(), height: z.number() })),
    version: z.number().int(),
    /**
     * The audit trail, as the completed PDF's certificate prints it: each recipient and every step of
     * theirs (the list carries it; the address and browser of each step for staff only).
     */
    trail: z
      .array(
        z.object({
          name: z.string(),
          role: z.string(),
          email: z.string(),
          steps: z.array(
            z.object({
              action: z.string(),
              at: z.string(),
              ipAddress: z.string().nullable(),
              userAgent: z.string().nullable(),
            }),
          ),
        }),
      )
      .optional(),
  })
  .meta({ id: 'OnboardingForm' });
