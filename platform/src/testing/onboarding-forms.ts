import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';
import { apiClient } from './http-client.ts';
import type { Api } from './seeded-app.ts';

const TEMPLATES = '/api/onboarding-form-templates';

/** A one-page letter-size PDF, titled "Group application" unless `blank`, as staff upload a template. */
async function samplePdf(blank = false): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  if (!blank)
    page.drawText('Group application', {
      x: 50,
      y: 740,
      size: 20,
      font: await pdf.embedFont(StandardFonts.Helvetica),
    });
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

/** A field of a template on its first page, 200 × 40 at (60, `y`), labelled by its id. */
export const templateField = (fieldId: string, roleId: string, kind: string, y: number) => ({
  fieldId,
  roleId,
  kind,
  label: fieldId,
  page: 1,
  x: 60,
  y,
  width: 200,
  height: 40,
});

/** Staff upload a template file as the web does (the file is the body). */
export const uploadTemplateFile = (staff: Api, bytes: Uint8Array<ArrayBuffer>, type = 'application/pdf') =>
  staff.upload(TEMPLATES, bytes, type, 'Group application.pdf');

/** Staff upload the sample PDF (`blank`: a page with nothing on it) and set its roles and fields; answers the template's id. */
export async function signingTemplate(
  staff: Api,
  roles: unknown[],
  fields: unknown[],
  blank = false,
): Promise<string> {
  const created = await uploadTemplateFile(staff, await samplePdf(blank));
  expect(created.status).toBe(201);
  const templateId = created.body.templateId as string;
  const set = await staff.put(`${TEMPLATES}/${templateId}`, { roles, fields });
  expect(set.status).toBe(200);
  return templateId;
}

/** The token of a signing view's URL (`url` as the app answers it: a path with `?token=`). */
export const signingToken = (url: string) => new URL(`http://x${url}`).searchParams.get('token');

/**
 * Signs the form at `formPath` by the token of a signing link, as someone without an account: opens the
 * view with it, then signs with `text` typed. Answers the open and the sign.
 */
export async function signedByLinkToken(
  appUrl: string,
  formPath: string,
  token: string | null,
  text: string,
) {
  const signer = apiClient(appUrl);
  await signer.request('GET', '/api/auth/csrf');
  const opened = await signer.put(`${formPath}/embedded-view-action/open`, { token });
  const signed = await signer.put(`${formPath}/embedded-view-action/sign`, {
    token: opened.body.sessionToken,
    signature: { kind: 'typed', text },
  });
  return { opened, signed };
}
