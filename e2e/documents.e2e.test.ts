import { beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { signedByLinkToken, signingToken } from '@onboard/platform/testing/onboarding-forms';
import {
  expectNoSeriousAxeViolations,
  fullPageScreenshot,
  openHub,
  screenshotPath,
  downloadedBytes,
} from './browser.ts';
import { admin, benAdmin, noBrowser, portalUnderTest } from './testing/portal.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const CSV = Buffer.from('first name,last name,coverage\nAda,Lovelace,Dental\nAlan,Turing,Vision\n');
const CENSUS = Buffer.from(
  'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary\n' +
    'E1,Ada,Lovelace,234-56-7891,12/10/1985,03/15/2020,Salaried,40,Head office,NY,10001,85000\n',
);

/**
 * The client's documents in the browser: the ben-admin uploads three files by the picker, renames one,
 * downloads it (headers checked), zips the three and deletes one; staff upload a plan document, and the
 * ben-admin's hub shows the new-document notice until it is dismissed.
 */
describe.skipIf(noBrowser)('client documents, in the browser', () => {
  let client: Page;
  let staff: Page;
  const documentsUrl = () => `${portal.app.url}/client/${DEMO_CLIENT_ID}/documents`;

  const portal = portalUnderTest('e2e_documents');
  beforeAll(async () => {
    client = await (await portal.browser.newContext({ acceptDownloads: true })).newPage();
    staff = await (await portal.browser.newContext()).newPage();
  });

  const row = (page: Page, name: string) => page.getByTestId('document').filter({ hasText: name });

  it('the ben-admin uploads, renames, downloads, zips and deletes documents', async () => {
    await portal.signInOn(client, benAdmin.email);
    await openHub(client, portal.app.url, DEMO_CLIENT_ID);
    await client.getByRole('link', { name: 'Documents', exact: true }).click();
    await client.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await client.getByTestId('documents-empty').waitFor();

    await client
      .getByRole('region', { name: 'Upload documents' })
      .getByRole('button', { name: /Category$/ })
      .click();
    await client.getByRole('option', { name: 'Prior carrier bills' }).click();
    await client.getByTestId('documents-file-input').setInputFiles([
      { name: 'March bill.pdf', mimeType: 'application/pdf', buffer: pdf('march') },
      { name: 'April bill.pdf', mimeType: 'application/pdf', buffer: pdf('april') },
      { name: 'census.csv', mimeType: 'text/csv', buffer: CSV },
    ]);
    await client
      .getByTestId('documents-notice')
      .filter({ hasText: '3 documents uploaded to Prior carrier bills.' })
      .waitFor();
    await expect.poll(() => client.getByTestId('document').count(), { timeout: 10_000 }).toBe(3);
    expect(
      await client.getByTestId('document-group-prior-carrier-bills').getByTestId('document').count(),
    ).toBe(3);

    // Rename inline.
    await row(client, 'March bill.pdf').getByRole('button', { name: 'Rename March bill.pdf' }).click();
    await client.getByLabel('New name for March bill.pdf').fill('Bill "March" 2027.pdf');
    await client.getByRole('button', { name: 'Save' }).click();
    await row(client, 'Bill "March" 2027.pdf').waitFor();

    // Download it: the answer's headers and the saved name.
    const answer = client.waitForResponse((r) => {
      const path = new URL(r.url()).pathname;
      return /\/api\/clients\/[^/]+\/documents\/[^/]+$/.test(path) && !path.endsWith('/meta');
    });
    const saved = client.waitForEvent('download');
    await client.getByRole('button', { name: 'Download Bill "March" 2027.pdf' }).click();
    const response = await answer;
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toBe('attachment; filename="Bill March 2027.pdf"');
    const download = await saved;
    expect(download.suggestedFilename()).toBe('Bill March 2027.pdf');
    expect((await downloadedBytes(download)).toString('latin1')).toContain('% march');

    // Zip the three.
    for (const name of ['Bill "March" 2027.pdf', 'April bill.pdf', 'census.csv'])
      await row(client, name).locator('label.checkbox').click();
    const zipSaved = client.waitForEvent('download');
    await client.getByRole('button', { name: 'Download 3 as zip' }).click();
    const zip = await zipSaved;
    expect(zip.suggestedFilename()).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(await downloadedBytes(zip)));
    expect(Object.keys(entries).sort()).toEqual(['April bill.pdf', 'Bill "March" 2027.pdf', 'census.csv']);
    await fullPageScreenshot(client, 'documents.png');
    await expectNoSeriousAxeViolations(client);

    // Delete one, after confirming.
    await row(client, 'census.csv').getByRole('button', { name: 'Delete census.csv' }).click();
    const dialog = client.getByRole('alertdialog');
    await dialog.getByText('“census.csv” will no longer be listed or downloadable.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // Whatever notice shows is read, so a failure says what the page said instead.
    const notice = client.getByTestId('documents-notice');
    await notice.waitFor();
    await expect.poll(() => notice.innerText()).toContain('census.csv was deleted.');
    await expect.poll(() => client.getByTestId('document').count()).toBe(2);
    await client.reload();
    await row(client, 'April bill.pdf').waitFor();
    expect(await row(client, 'census.csv').count()).toBe(0);
  });

  it('staff upload a plan document; the ben-admin’s hub shows the new-document notice until dismissed', async () => {
    await portal.signInOn(staff, admin.email);
    await staff.goto(documentsUrl());
    await staff.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await staff
      .getByRole('region', { name: 'Upload documents' })
      .getByRole('button', { name: /Category$/ })
      .click();
    await staff.getByRole('option', { name: 'Plan documents' }).click();
    await staff
      .getByTestId('documents-file-input')
      .setInputFiles([
        { name: 'Dental plan summary.pdf', mimeType: 'application/pdf', buffer: pdf('dental') },
      ]);
    await staff
      .getByTestId('documents-notice')
      .filter({ hasText: 'Dental plan summary.pdf uploaded' })
      .waitFor();

    await client.goto(`${portal.app.url}/client/${DEMO_CLIENT_ID}`);
    const notice = client.getByTestId('new-document-notice');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.innerText()).toContain('Your onboarding team added a new document.');
    await client.screenshot({ path: screenshotPath('documents-hub-notice.png') });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    await client.reload();
    await client.getByTestId('hub-progress').waitFor();
    expect(await client.getByTestId('new-document-notice').count()).toBe(0);
  });

  it('a census file is renamed on the documents screen; a completed onboarding form is filed there, read only', async () => {
    // Set up over HTTP with the browser sessions' own cookies (the ben-admin's and the staff member's).
    const call = async (
      page: Page,
      method: string,
      path: string,
      body: Uint8Array<ArrayBuffer> | object | null,
      headers: Record<string, string> = {},
    ) => {
      const cookies = await page.context().cookies(portal.app.url);
      const json = body !== null && !(body instanceof Uint8Array);
      const response = await fetch(`${portal.app.url}${path}`, {
        method,
        headers: {
          cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
          'x-csrf-token': cookies.find((c) => c.name === 'onboard_csrf')?.value ?? '',
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: json ? JSON.stringify(body) : (body as Uint8Array<ArrayBuffer> | null),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are checked by the steps
      return { status: response.status, body: (await response.json().catch(() => null)) as any };
    };
    const census = `/api/clients/${DEMO_CLIENT_ID}/census/policy-lakeside-1`;
    const forms = `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms`;

    // The ben-admin's census file, uploaded in the census flow.
    const uploaded = await call(client, 'POST', `${census}/files`, new Uint8Array(CENSUS), {
      'content-type': 'application/octet-stream',
      'x-file-name': 'lakeside-census.csv',
    });
    expect(uploaded.status).toBe(201);

    // A form signed to completion by its one signer.
    const pdfDoc = await PDFDocument.create();
    pdfDoc.addPage([612, 792]);
    const created = await call(staff, 'POST', '/api/onboarding-form-templates', await pdfDoc.save(), {
      'content-type': 'application/pdf',
      'x-file-name': encodeURIComponent('Group application.pdf'),
    });
    expect(created.status).toBe(201);
    const { templateId } = created.body as { templateId: string };
    await call(staff, 'PUT', `/api/onboarding-form-templates/${templateId}`, {
      roles: [{ roleId: 'employer', name: 'Employer', routingOrder: 1, quorum: null }],
      fields: [
        {
          fieldId: 's',
          roleId: 'employer',
          kind: 'signature',
          label: 'Signature',
          page: 1,
          x: 60,
          y: 600,
          width: 200,
          height: 40,
        },
      ],
    });
    const sent = await call(staff, 'POST', forms, {
      templateId,
      recipients: [{ roleId: 'employer', name: 'Ann Employer', email: 'ann@example.com' }],
    });
    const formId = sent.body.onboardingFormId as string;
    const link = await call(
      staff,
      'POST',
      `${forms}/${formId}/embedded-view/${sent.body.recipients[0].recipientId}`,
      {},
    );
    const { signed } = await signedByLinkToken(
      portal.app.url,
      `${forms}/${formId}`,
      signingToken(link.body.url as string),
      'Ann Employer',
    );
    expect(signed.body.status).toBe('completed');

    await client.goto(documentsUrl());
    await client.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    const censusGroup = client.getByTestId('document-group-census');
    await censusGroup
      .getByTestId('document')
      .filter({ hasText: 'lakeside-census.csv' })
      .waitFor({ timeout: 10_000 });
    await row(client, 'lakeside-census.csv')
      .getByRole('button', { name: 'Rename lakeside-census.csv' })
      .click();
    await client.getByLabel('New name for lakeside-census.csv').fill('Lakeside census 2027.csv');
    await client.getByRole('button', { name: 'Save' }).click();
    await client
      .getByTestId('documents-notice')
      .filter({ hasText: 'Renamed to Lakeside census 2027.csv.' })
      .waitFor();
    await censusGroup.getByTestId('document').filter({ hasText: 'Lakeside census 2027.csv' }).waitFor();
    // The census flow has the same name.
    const files = (await call(client, 'GET', `${census}/validate`, null)).body as {
      document: { fileName: string };
    }[];
    expect(files.map((f) => f.document.fileName)).toEqual(['Lakeside census 2027.csv']);

    // The completed form under signed forms: its reason instead of rename and delete, and its PDF downloads.
    const form = client
      .getByTestId('document-group-signed-forms')
      .getByTestId('document')
      .filter({
        hasText: /Group application - Lakeside Manufacturing Co\. - signed \d{4}-\d{2}-\d{2}\.pdf/,
      });
    await form.waitFor({ timeout: 10_000 });
    expect(await form.getByTestId('document-kept').innerText()).toBe(
      'Kept as signed: a completed onboarding form cannot be renamed or deleted',
    );
    expect(await form.getByRole('button', { name: /^(Rename|Delete)/ }).count()).toBe(0);
    expect(await form.innerText()).toMatch(/PDF · [\d.]+ (bytes|KB|MB) · Signed and completed on/);
    const saved = client.waitForEvent('download');
    await form
      .getByRole('button', { name: /^Download Group application - Lakeside Manufacturing Co\. - signed / })
      .click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(
      /^Group application - Lakeside Manufacturing Co\. - signed \d{4}-\d{2}-\d{2}\.pdf$/,
    );
    expect((await downloadedBytes(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await fullPageScreenshot(client, 'documents-filed.png');
    await expectNoSeriousAxeViolations(client);
  });
});
