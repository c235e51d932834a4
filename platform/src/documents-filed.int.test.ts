import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { censusStream, envelopeStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { signedByLinkToken, signingToken } from './testing/onboarding-forms.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

type Doc = {
  documentId: string;
  source: string;
  name: string;
  category: string;
  policyId: string | null;
  size: number | null;
  canDelete: boolean;
  canRename: boolean;
  keptReason: string | null;
  uploadedBy: string;
};
type CensusResult = {
  document: { documentId: string; fileName: string; status: string };
  submitted: boolean;
};

const POLICY_ID = 'policy-lakeside-1';
const documents = `/api/clients/${DEMO_CLIENT_ID}/documents`;
const forms = `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms`;
const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
const HEADER =
  'Employee ID,Relationship,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,E-mail,Annual Salary,Elected Plans,Coverage Effective Date';
const censusCsv = (ssn: string) =>
  new TextEncoder().encode(
    `${HEADER}\nE1,Employee,Ada,Lovelace,${ssn},12/10/1985,03/15/2020,Salaried,40,Head office,NY,10001,ada@example.com,85000.00,Dental; Vision,04/01/2020\n`,
  );

async function samplePdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

// What the documents screen files besides uploads: a completed onboarding form (read only, the completed PDF)
// and the policy's census files, renamed and deleted there by the census's own rules and permissions.
describe('completed forms and census files on the documents screen', () => {
  const cookieOf = (api: Api) => [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const list = async (api: Api) => (await api.get(`${documents}/meta`)).body as Doc[];
  const bytesOf = async (api: Api, path: string) => {
    const response = await fetch(`${portal.app.url}${path}`, { headers: { cookie: cookieOf(api) } });
    expect(response.status, path).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };
  const censusFiles = async (api: Api) => (await api.get(`${census}/validate`)).body as CensusResult[];
  const uploadCensus = async (api: Api, bytes: Uint8Array, name: string) => {
    const response = await fetch(`${portal.app.url}${census}/files`, {
      method: 'POST',
      headers: {
        cookie: cookieOf(api),
        'x-csrf-token': api.cookies.get('onboard_csrf')!,
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(name),
      },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as CensusResult & { document: { mapping: Record<string, number> } })
      .document;
  };

  const portal = seededAppForTests('documents_filed', ['staff', 'benAdmin', 'broker']);
  beforeAll(async () => {}, 60_000);

  it('files a completed onboarding form under signed forms, read only, with the completed PDF; not before', async () => {
    const created = await fetch(`${portal.app.url}/api/onboarding-form-templates`, {
      method: 'POST',
      headers: {
        cookie: cookieOf(portal.staff),
        'x-csrf-token': portal.staff.cookies.get('onboard_csrf') ?? '',
        'content-type': 'application/pdf',
        'x-file-name': encodeURIComponent('Group application.pdf'),
      },
      body: await samplePdf(),
    });
    expect(created.status).toBe(201);
    const { templateId } = (await created.json()) as { templateId: string };
    const roles = [{ roleId: 'employer', name: 'Employer', routingOrder: 1, quorum: null }];
    const fields = [
      {
        fieldId: 's',
        roleId: 'employer',
        kind: 'signature',
        label: 's',
        page: 1,
        x: 60,
        y: 600,
        width: 200,
        height: 40,
      },
    ];
    expect(
      (await portal.staff.put(`/api/onboarding-form-templates/${templateId}`, { roles, fields })).status,
    ).toBe(200);
    const recipient = { roleId: 'employer', name: 'Ann Employer', email: 'ann@example.com' };
    const sent = await portal.staff.post(forms, { templateId, recipients: [recipient] });
    const voided = await portal.staff.post(forms, { templateId, recipients: [recipient] });
    expect([sent.status, voided.status]).toEqual([201, 201]);
    const formId = sent.body.onboardingFormId as string;
    const voidedId = voided.body.onboardingFormId as string;
    expect((await portal.staff.delete(`${forms}/${voidedId}?reason=Sent%20twice`)).status).toBe(204);

    // Sent, then voided: neither is filed.
    await eventually(async () => {
      const listed = (await portal.benAdmin.get(forms)).body as {
        onboardingFormId: string;
        status: string;
      }[];
      expect(listed.find((f) => f.onboardingFormId === voidedId)?.status).toBe('voided');
    });
    expect((await list(portal.benAdmin)).filter((d) => d.source === 'onboarding-form')).toEqual([]);

    const link = await portal.staff.post(
      `${forms}/${formId}/embedded-view/${sent.body.recipients[0].recipientId}`,
    );
    const { signed } = await signedByLinkToken(
      portal.app.url,
      `${forms}/${formId}`,
      signingToken(link.body.url as string),
      'Ann Employer',
    );
    expect(signed.body.status).toBe('completed');

    const filed = await eventually(async () => {
      const found = (await list(portal.benAdmin)).filter((d) => d.source === 'onboarding-form');
      expect(found).toHaveLength(1);
      return found[0]!;
    });
    // Named by form, client and the day it was completed, unlike the template or an upload of that name.
    const completedOn = (
      (await portal.benAdmin.get(forms)).body as { onboardingFormId: string; completedAt: string }[]
    )
      .find((f) => f.onboardingFormId === formId)!
      .completedAt.slice(0, 10);
    expect(filed).toMatchObject({
      documentId: formId,
      name: `Group application - Lakeside Manufacturing Co. - signed ${completedOn}.pdf`,
      category: 'signed-forms',
      size: expect.any(Number),
      canDelete: false,
      canRename: false,
      keptReason: 'Kept as signed: a completed onboarding form cannot be renamed or deleted',
    });
    expect((await portal.staff.get(`${documents}/meta?categories=signed-forms`)).body).toEqual([
      expect.objectContaining({ documentId: formId, canDelete: false }),
    ]);
    expect((await portal.benAdmin.get(`${documents}/count`)).body.byCategory).toMatchObject({
      'signed-forms': 1,
    });

    // The bytes are the completed PDF: the onboarding forms download's, with the completion's hash.
    const fromDocuments = await bytesOf(portal.benAdmin, `${documents}/${formId}`);
    expect(fromDocuments).toEqual(await bytesOf(portal.benAdmin, `${forms}/${formId}/download`));
    // Its size, listed like any other document's, is the completed PDF's length.
    expect(filed.size).toBe(fromDocuments.byteLength);
    const completed = (await portal.app.store.readStream(envelopeStream(formId))).find(
      (e) => e.type === 'EnvelopeCompleted',
    )!;
    expect(createHash('sha256').update(fromDocuments).digest('hex')).toBe(
      (completed.data as { sha256: string }).sha256,
    );
    const headers = await fetch(`${portal.app.url}${documents}/${formId}`, {
      headers: { cookie: cookieOf(portal.benAdmin) },
    });
    expect(headers.headers.get('content-disposition')).toBe(`attachment; filename="${filed.name}"`);

    // In a zip with another document.
    const uploaded = new FormData();
    uploaded.append('category', 'other');
    uploaded.append('files', new Blob([await samplePdf()], { type: 'application/pdf' }), 'notes.pdf');
    const upload = await fetch(`${portal.app.url}${documents}`, {
      method: 'POST',
      headers: {
        cookie: cookieOf(portal.benAdmin),
        'x-csrf-token': portal.benAdmin.cookies.get('onboard_csrf')!,
      },
      body: uploaded,
    });
    const notes = ((await upload.json()) as Doc[])[0]!;
    await eventually(async () =>
      expect((await list(portal.benAdmin)).map((d) => d.name)).toContain('notes.pdf'),
    );
    const zip = unzipSync(
      await bytesOf(
        portal.benAdmin,
        `/api/clients/${DEMO_CLIENT_ID}/zipped-documents/ids?documentIds=${formId}&documentIds=${notes.documentId}`,
      ),
    );
    expect(Object.keys(zip).sort()).toEqual([filed.name, 'notes.pdf']);
    expect(zip[filed.name]).toEqual(fromDocuments);

    // Kept as signed: neither staff nor the client's people rename or delete it here.
    for (const api of [portal.staff, portal.benAdmin]) {
      const renamed = await api.put(`${documents}/${formId}/rename`, { name: 'Other.pdf' });
      expect(renamed.status).toBe(422);
      expect(renamed.body.message).toBe(
        'Kept as signed: a completed onboarding form cannot be renamed or deleted',
      );
      expect((await api.delete(`${documents}/${formId}`)).status).toBe(422);
    }
    expect((await list(portal.benAdmin)).find((d) => d.documentId === formId)?.name).toBe(filed.name);
  }, 90_000);

  it('renames and deletes census files through the census rules, as the census flow then shows them', async () => {
    const mine = await uploadCensus(portal.benAdmin, censusCsv('123-45-6789'), 'census.csv');
    const listed = await eventually(async () => {
      const found = (await list(portal.benAdmin)).find((d) => d.documentId === mine.documentId);
      expect(found).toMatchObject({ source: 'census', category: 'census', policyId: POLICY_ID });
      return found!;
    });
    expect(listed).toMatchObject({ canRename: true, canDelete: true, keptReason: null });

    // Rename from the documents call: the census read model has the new name, and so does the list.
    const renamed = await portal.benAdmin.put(`${documents}/${mine.documentId}/rename`, {
      name: ' March census.csv ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'March census.csv', category: 'census', policyId: POLICY_ID });
    expect((await censusFiles(portal.benAdmin)).map((r) => r.document.fileName)).toEqual([
      'March census.csv',
    ]);
    await eventually(async () =>
      expect((await list(portal.benAdmin)).find((d) => d.documentId === mine.documentId)?.name).toBe(
        'March census.csv',
      ),
    );
    const empty = await portal.benAdmin.put(`${documents}/${mine.documentId}/rename`, { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Give the document a name');

    // Delete own: the broker (own scope) may not delete the ben-admin's file; another client's people can't
    // touch it at all; the ben-admin deletes their own.
    const brokerSees = (await list(portal.broker)).find((d) => d.documentId === mine.documentId)!;
    expect(brokerSees.canDelete).toBe(false);
    const notYours = await portal.broker.delete(`${documents}/${mine.documentId}`);
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe('You can only delete census files you uploaded');
    const revision = (await portal.app.store.readStream(censusStream(DEMO_CLIENT_ID, POLICY_ID))).length;
    expect(
      (await portal.benAdmin.delete(`/api/clients/harbor-freight-lines/documents/${mine.documentId}`)).status,
    ).toBe(403);
    expect((await portal.app.store.readStream(censusStream(DEMO_CLIENT_ID, POLICY_ID))).length).toBe(
      revision,
    );

    expect((await portal.benAdmin.delete(`${documents}/${mine.documentId}`)).status).toBe(204);
    expect(await censusFiles(portal.benAdmin)).toEqual([]);
    const download = await fetch(`${portal.app.url}${census}/files/${mine.documentId}`, {
      headers: { cookie: cookieOf(portal.benAdmin) },
    });
    expect(download.status).toBe(404);
    await eventually(async () =>
      expect((await list(portal.benAdmin)).some((d) => d.documentId === mine.documentId)).toBe(false),
    );
  }, 60_000);

  it('keeps a submitted census: deleting it is refused in words, for staff too', async () => {
    const file = await uploadCensus(portal.benAdmin, censusCsv('234-56-7891'), 'final census.csv');
    await portal.benAdmin.put(`${census}/validate-submit`, {
      documentId: file.documentId,
      mapping: file.mapping,
      source: 'HRIS',
    });
    await eventually(async () =>
      expect((await censusFiles(portal.benAdmin))[0]!.document.status).toBe('VALIDATED'),
    );
    const submitted = await portal.benAdmin.post(`${census}/submit`, { documentId: file.documentId });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    for (const api of [portal.benAdmin, portal.staff]) {
      const refused = await api.delete(`${documents}/${file.documentId}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'A submitted census is kept as the record of what was sent, so it cannot be deleted',
      );
    }
    // The documents screen knows it is kept, and says why instead of offering the delete.
    await eventually(async () =>
      expect((await list(portal.benAdmin)).find((d) => d.documentId === file.documentId)).toMatchObject({
        canDelete: false,
        canRename: true,
        keptReason: 'A submitted census is kept as the record of what was sent, so it cannot be deleted',
      }),
    );
    expect((await censusFiles(portal.benAdmin)).map((r) => [r.document.fileName, r.submitted])).toEqual([
      ['final census.csv', true],
    ]);
    // Renaming a submitted file is allowed: its name is only how people find it.
    expect(
      (await portal.staff.put(`${documents}/${file.documentId}/rename`, { name: 'Final census.csv' })).status,
    ).toBe(200);
    expect((await censusFiles(portal.benAdmin))[0]!.document.fileName).toBe('Final census.csv');
  }, 60_000);
});
