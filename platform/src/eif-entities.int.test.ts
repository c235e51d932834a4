import { beforeAll, describe, expect, it } from 'vitest';
import { eifStream } from '@onboard/events';
import { ANNUAL_ENROLLMENT_TOO_LONG } from '@onboard/domain';
import { DEMO_CLIENT_ID } from './seed.ts';
import { answerEveryRequiredQuestion } from './testing/complete-eif.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';
import { appendToEif, entityCreated } from '@onboard/testing/eif-events';

/**
 * The EIF entity calls (platform §7) over real HTTP: one mechanism validates each save with the forms'
 * FieldDefs, writes all of a call's edits as one append, and answers the client as its editor sees it.
 */

type Row = Record<string, unknown> & { id: string };

const OTHER = 'entities-other-client';
const base = `/api/clients/${DEMO_CLIENT_ID}`;
const REQUIRED = 'Please provide a response';
const CHOICE = 'Choose one of the options';
const UNKNOWN = 'This question is not part of this form';

const location = (name: string) => ({
  name,
  address1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
});
const webAdmin = (extra: Record<string, unknown> = {}) => ({
  type: 'WEB_ADMIN',
  firstName: 'Wendy',
  lastName: 'Webb',
  email: 'wendy@lakeside.example',
  phoneNumber: '555-123-4567',
  locationManagementType: 'ALL',
  ...extra,
});

describe('EIF entity routes', () => {
  const streamLength = async (clientId = DEMO_CLIENT_ID) =>
    (await portal.app.store.readStream(eifStream(clientId))).length;
  /** The editing view straight from the stream: an empty save changes nothing and answers it. */
  const editing = async () => (await portal.benAdmin.put(base, {})).body;
  const del = (api: Api, path: string, body?: unknown, headers?: Record<string, string>) =>
    api.request('DELETE', path, body, headers);
  /** Expects a 400 with exactly these field messages, and that nothing was written. */
  const expectRefused = async (
    call: () => Promise<{ status: number; body: { validationError?: unknown } }>,
    errors: Record<string, string>,
  ) => {
    const before = await streamLength();
    const res = await call();
    expect(res.status).toBe(400);
    expect(res.body.validationError).toEqual(errors);
    expect(await streamLength()).toBe(before);
  };

  const portal = seededAppForTests('eif_entities', ['staff', 'benAdmin']);
  beforeAll(async () => {
    await appendToEif(
      portal.app.store,
      OTHER,
      [entityCreated(OTHER, 'Client', OTHER, { name: 'Elsewhere Inc.' })],
      'no_stream',
    );
  });

  it('edits any Client field of the forms, normalised, and answers the editing view with its ETag', async () => {
    const res = await portal.benAdmin.put(base, {
      taxId: ' 12-3456789 ',
      hasSubsidiary: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: DEMO_CLIENT_ID, taxId: '123456789', hasSubsidiary: true });
    expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
    const events = await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID));
    expect(events.at(-1)).toMatchObject({ type: 'EifEntityChanged' });
    expect(events.at(-1)!.metadata).toMatchObject({ actorId: 'demo-ben-admin', actorRole: 'BEN_ADMIN' });
  });

  it('refuses bad Client answers and unknown keys with field messages, writing nothing', async () => {
    await expectRefused(() => portal.benAdmin.put(base, { taxId: '12-34', favouriteColour: 'blue' }), {
      'body.taxId': 'Tax ID must be 9 digits in the format ##-#######',
      'body.favouriteColour': UNKNOWN,
    });
    await expectRefused(() => portal.benAdmin.put(base, { hasSubsidiary: 'maybe' }), {
      'body.hasSubsidiary': CHOICE,
    });
    // A field the role may not change is a 403 before validation, naming nothing (platform §6).
    const denied = await portal.benAdmin.put(base, { ticketId: 'T-1' });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You are not allowed to change some of these fields');
  });

  it('checks dates of year on the server as the form does: format, real dates, the 30-day window', async () => {
    await expectRefused(
      () => portal.benAdmin.put(base, { erisaPlanType: 'WRAP_PLAN', erisaPlanYearEnd: '2/3' }),
      {
        'body.erisaPlanYearEnd': 'Date needs to be in the format MM/DD',
      },
    );
    await expectRefused(
      () => portal.benAdmin.put(base, { erisaPlanType: 'WRAP_PLAN', erisaPlanYearEnd: '02/30' }),
      {
        'body.erisaPlanYearEnd': 'Not a valid date',
      },
    );
    const leapDay = await portal.benAdmin.put(base, {
      erisaPlanType: 'WRAP_PLAN',
      erisaPlanYearEnd: '02/29',
    });
    expect(leapDay.status).toBe(200);
    expect(leapDay.body).toMatchObject({ erisaPlanYearEnd: '02/29' });

    const window = (start: string, end: string) => ({
      annualEnrollmentChangesAllowed: 'YES',
      annualEnrollmentStart: start,
      annualEnrollmentEnd: end,
    });
    await expectRefused(() => portal.benAdmin.put(base, window('11/01', '12/15')), {
      'body.annualEnrollmentEnd': ANNUAL_ENROLLMENT_TOO_LONG,
    });
    // Across the year end: 20 December to 10 January is 21 days.
    const wrapping = await portal.benAdmin.put(base, window('12/20', '01/10'));
    expect(wrapping.status).toBe(200);
    expect(wrapping.body).toMatchObject({ annualEnrollmentStart: '12/20', annualEnrollmentEnd: '01/10' });
  });

  it('creates, updates and deletes locations, with the location rule’s messages', async () => {
    await expectRefused(() => portal.benAdmin.post(`${base}/locations`, {}), {
      'body.name': 'Location name is required',
      'body.address1': 'Address is required',
      'body.city': 'City is required',
      'body.state': 'State is required',
      'body.zipCode': 'Zip code is required',
    });
    await expectRefused(
      () =>
        portal.benAdmin.post(`${base}/locations`, {
          ...location('HQ'),
          state: 'ZZ',
          zipCode: '1234',
          color: 'red',
        }),
      {
        'body.state': 'State not valid',
        'body.zipCode': 'Zip code needs to be in the format ##### or #####-####',
        'body.color': UNKNOWN,
      },
    );

    const created = await portal.benAdmin.post(`${base}/locations`, location('  Head office '));
    expect(created.status).toBe(201);
    const [row] = created.body.locations as Row[];
    expect(row).toMatchObject({ name: 'Head office', state: 'IL', zipCode: '62701', address2: null });
    expect(created.headers.get('location')).toBe(`${base}/locations/${row!.id}`);
    expect(created.headers.get('etag')).toBe(`"${created.body.version}"`);

    const updated = await portal.benAdmin.put(`${base}/locations/${row!.id}`, { city: 'Peoria' });
    expect(updated.status).toBe(200);
    expect(updated.body.locations).toEqual([{ ...row, city: 'Peoria' }]);
    await expectRefused(() => portal.benAdmin.put(`${base}/locations/${row!.id}`, { city: ' ' }), {
      'body.city': 'City is required',
    });

    const missing = await portal.benAdmin.put(`${base}/locations/no-such-location`, { city: 'Peoria' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Location not found');

    // The list comes from the read model, which catches up with the write.
    await eventually(async () => {
      const res = await portal.benAdmin.get(`${base}/locations`);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(`"${updated.body.version}"`);
      expect(res.body).toEqual(updated.body.locations);
    });

    const second = await portal.benAdmin.post(`${base}/locations`, location('Warehouse'));
    const warehouse = (second.body.locations as Row[]).find((l) => l.name === 'Warehouse')!;
    const removed = await del(portal.benAdmin, `${base}/locations/${warehouse.id}`);
    expect(removed.status).toBe(200);
    expect((removed.body.locations as Row[]).map((l) => l.id)).toEqual([row!.id]);
    expect((await del(portal.benAdmin, `${base}/locations/${warehouse.id}`)).status).toBe(404);
  });

  it('creates contacts in the list their type picks, checks chosen locations, and edits and deletes them', async () => {
    /** A new contact refused with these field messages, nothing written. */
    const refusedContact = (body: Record<string, unknown>, errors: Record<string, string>) =>
      expectRefused(() => portal.benAdmin.post(`${base}/contacts`, body), errors);
    const view = await editing();
    const [office] = view.locations as Row[];

    await refusedContact(
      { firstName: 'No', lastName: 'Type' },
      {
        'body.type': REQUIRED,
      },
    );
    // A type no form adds is refused as a wrong choice.
    await refusedContact(webAdmin({ type: 'DISABILITY_CLAIM_REIMBURSEMENT_CHECK_PAYEE' }), {
      'body.type': CHOICE,
    });
    // A third-party administrator names its firm.
    await refusedContact(
      {
        type: 'TPA',
        firstName: 'Terry',
        lastName: 'Park',
        email: 'terry@tpa.example',
        phoneNumber: '312-555-0199',
      },
      { 'body.tpaFirmName': REQUIRED },
    );
    await refusedContact(
      {
        type: 'WEB_ADMIN',
        email: 'not-an-email',
        phoneNumber: '12',
        locationManagementType: 'LIMITED',
      },
      {
        'body.firstName': REQUIRED,
        'body.lastName': REQUIRED,
        'body.email': 'Please enter a valid email address',
        'body.phoneNumber': 'Phone number needs to be in the format ###-###-####',
        'body.managedLocationIds': REQUIRED,
      },
    );
    await refusedContact(
      webAdmin({ locationManagementType: 'LIMITED', managedLocationIds: ['somewhere-else'] }),
      { 'body.managedLocationIds': CHOICE },
    );

    const created = await portal.benAdmin.post(
      `${base}/contacts`,
      webAdmin({ locationManagementType: 'LIMITED', managedLocationIds: [office!.id], claimsAccess: true }),
    );
    expect(created.status).toBe(201);
    const [contact] = created.body.contacts as Row[];
    expect(contact).toMatchObject({
      type: 'WEB_ADMIN',
      firstName: 'Wendy',
      managedLocationIds: [office!.id],
      claimsAccess: true,
      title: null,
    });

    // Choosing 'all locations' hides the follow-up, so its stale answer is cleared.
    const all = await portal.benAdmin.put(`${base}/contacts/${contact!.id}`, {
      locationManagementType: 'ALL',
    });
    expect(all.status).toBe(200);
    expect((all.body.contacts as Row[])[0]).toMatchObject({
      locationManagementType: 'ALL',
      managedLocationIds: null,
    });
    // The type picked the list; it is not an answer to change.
    await expectRefused(
      () => portal.benAdmin.put(`${base}/contacts/${contact!.id}`, { type: 'PRIMARY_WEB_ADMIN' }),
      {
        'body.type': UNKNOWN,
      },
    );

    const primary = await portal.benAdmin.post(
      `${base}/contacts`,
      webAdmin({ type: 'PRIMARY_WEB_ADMIN', firstName: 'Pat' }),
    );
    expect(primary.status).toBe(201);
    const before = await streamLength();
    const again = await portal.benAdmin.post(`${base}/contacts`, webAdmin({ type: 'PRIMARY_WEB_ADMIN' }));
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('TOO_MANY');
    expect(await streamLength()).toBe(before);

    const patId = (primary.body.contacts as Row[]).find((c) => c.firstName === 'Pat')!.id;
    const deleted = await del(portal.benAdmin, `${base}/contacts/${patId}`);
    expect(deleted.status).toBe(200);
    expect((deleted.body.contacts as Row[]).map((c) => c.id)).toEqual([contact!.id]);
    expect((await del(portal.benAdmin, `${base}/contacts/${patId}`)).status).toBe(404);
  });

  it('saves bills in bulk as one append, and deletes them in bulk', async () => {
    const view = await editing();
    const [office] = view.locations as Row[];
    await expectRefused(
      () =>
        portal.benAdmin.put(`${base}/bills/bulk`, {
          bills: [{ name: 'West', locationIds: [office!.id] }, { name: '  ' }],
        }),
      { 'body.bills.1.name': REQUIRED, 'body.bills.1.locationIds': REQUIRED },
    );

    const before = await streamLength();
    const saved = await portal.benAdmin.put(`${base}/bills/bulk`, {
      bills: [
        { name: 'West', locationIds: [office!.id] },
        { name: 'East', locationIds: [office!.id] },
      ],
    });
    expect(saved.status).toBe(200);
    expect(await streamLength()).toBe(before + 2);
    const events = await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID));
    // One append: both events share the request's correlation id.
    expect(events.at(-1)!.metadata.correlationId).toBe(events.at(-2)!.metadata.correlationId);
    const bills = saved.body.bills as Row[];
    expect(bills.map((b) => b.name).sort()).toEqual(['East', 'West']);

    const west = bills.find((b) => b.name === 'West')!;
    const east = bills.find((b) => b.name === 'East')!;
    const edited = await portal.benAdmin.put(`${base}/bills/bulk`, {
      bills: [
        { id: west.id, name: 'West coast' },
        { name: 'North', locationIds: [office!.id] },
      ],
    });
    expect(edited.status).toBe(200);
    expect((edited.body.bills as Row[]).map((b) => b.name).sort()).toEqual(['East', 'North', 'West coast']);

    const unknown = await portal.benAdmin.put(`${base}/bills/bulk`, {
      bills: [{ id: 'no-such-bill', name: 'X' }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Bill not found');

    const north = (edited.body.bills as Row[]).find((b) => b.name === 'North')!;
    const removed = await del(portal.benAdmin, `${base}/bills/bulk`, { ids: [east.id, north.id] });
    expect(removed.status).toBe(200);
    expect((removed.body.bills as Row[]).map((b) => b.id)).toEqual([west.id]);
    expect((await del(portal.benAdmin, `${base}/bills/bulk`, { ids: [east.id] })).status).toBe(404);
    await expectRefused(() => del(portal.benAdmin, `${base}/bills/bulk`, { ids: [] }), {
      'body.ids': 'Choose at least one bill',
    });
    await eventually(async () => {
      const res = await portal.benAdmin.get(`${base}/bills`);
      expect(res.body).toEqual(removed.body.bills);
    });
    expect(removed.body.bills[0]).toMatchObject({ id: west.id, name: 'West coast' });
  });

  it('refuses to delete a location a contact or a bill still chooses', async () => {
    const view = await editing();
    const [office] = view.locations as Row[];
    const [contact] = view.contacts as Row[];
    await portal.benAdmin.put(`${base}/contacts/${contact!.id}`, {
      locationManagementType: 'LIMITED',
      managedLocationIds: [office!.id],
    });
    const before = await streamLength();
    const res = await del(portal.benAdmin, `${base}/locations/${office!.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'IN_USE',
      message: 'This location is still chosen in 1 contact and 1 bill. Remove it there first.',
    });
    expect(await streamLength()).toBe(before);
  });

  it('edits subsidiaries and monthly claims report mailing locations', async () => {
    await expectRefused(() => portal.benAdmin.post(`${base}/subsidiaries`, { name: 'Sub', taxId: '1' }), {
      'body.address1': 'Address is required',
      'body.city': 'City is required',
      'body.state': 'State is required',
      'body.zipCode': 'Zip code is required',
      'body.taxId': 'Tax ID must be 9 digits in the format ##-#######',
    });
    const sub = await portal.benAdmin.post(`${base}/subsidiaries`, {
      ...location('Lakeside Logistics'),
      taxId: '98-7654321',
    });
    expect(sub.status).toBe(201);
    const [subsidiary] = sub.body.subsidiaries as Row[];
    expect(subsidiary).toMatchObject({ name: 'Lakeside Logistics', taxId: '987654321' });
    const renamed = await portal.benAdmin.put(`${base}/subsidiaries/${subsidiary!.id}`, {
      name: 'Lakeside Freight',
    });
    expect((renamed.body.subsidiaries as Row[])[0]!.name).toBe('Lakeside Freight');
    expect((await del(portal.benAdmin, `${base}/subsidiaries/${subsidiary!.id}`)).body.subsidiaries).toEqual(
      [],
    );

    const mailingPath = `${base}/monthly-claims-report-mailing-locations`;
    await expectRefused(() => portal.benAdmin.post(mailingPath, { ...location('Payroll'), email: 'x@' }), {
      'body.email': 'Please enter a valid email address',
    });
    const mailing = await portal.benAdmin.post(mailingPath, {
      ...location('Payroll'),
      email: 'payroll@lakeside.example',
    });
    expect(mailing.status).toBe(201);
    const [address] = mailing.body.monthlyClaimsReportMailingLocations as Row[];
    const moved = await portal.benAdmin.put(`${mailingPath}/${address!.id}`, { zipCode: '62702-1234' });
    expect((moved.body.monthlyClaimsReportMailingLocations as Row[])[0]!.zipCode).toBe('62702-1234');
    expect((await portal.benAdmin.put(`${mailingPath}/nope`, { zipCode: '62702' })).status).toBe(404);
    const gone = await del(portal.benAdmin, `${mailingPath}/${address!.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.monthlyClaimsReportMailingLocations).toEqual([]);
  });

  it('edits a policy and several plans, asking each plan only what its benefit type calls for', async () => {
    const policy = await portal.benAdmin.put(`${base}/policies/policy-lakeside-1`, {
      billingStructureType: 'MULTIPLE_BILLS',
      billSplitType: 'LOCATION',
    });
    expect(policy.status).toBe(200);
    expect((policy.body.policies as Row[]).find((p) => p.id === 'policy-lakeside-1')).toMatchObject({
      billingStructureType: 'MULTIPLE_BILLS',
      billSplitType: 'LOCATION',
    });
    await expectRefused(
      () => portal.benAdmin.put(`${base}/policies/policy-lakeside-1`, { billingStructureType: 'ONE' }),
      {
        'body.billingStructureType': CHOICE,
      },
    );
    expect(
      (await portal.benAdmin.put(`${base}/policies/no-such-policy`, { billSplitType: 'NONE' })).status,
    ).toBe(404);

    const [webAdminContact] = (await editing()).contacts as Row[];
    const plans = await portal.benAdmin.put(`${base}/plans`, {
      plans: [
        {
          id: 'plan-std',
          sendClaimsCheckTo: 'EMPLOYER',
          claimsCheckPayee: 'PLAN_ADMINISTRATOR',
          planAdminPayeeContactId: webAdminContact!.id,
        },
        { id: 'plan-ltd', sendClaimsCheckTo: 'EMPLOYEE_HOME' },
      ],
    });
    expect(plans.status).toBe(200);
    const byId = new Map((plans.body.plans as Row[]).map((p) => [p.id, p]));
    expect(byId.get('plan-std')).toMatchObject({
      sendClaimsCheckTo: 'EMPLOYER',
      planAdminPayeeContactId: webAdminContact!.id,
    });
    expect(byId.get('plan-ltd')).toMatchObject({ sendClaimsCheckTo: 'EMPLOYEE_HOME' });

    await expectRefused(
      () =>
        portal.benAdmin.put(`${base}/plans`, {
          plans: [
            { id: 'plan-dental', sendClaimsCheckTo: 'EMPLOYER' },
            {
              id: 'plan-ltd',
              claimsCheckPayee: 'SOMEONE_ELSE',
              someoneElsePayeeContactId: webAdminContact!.id,
            },
          ],
        }),
      // Dental plans are not asked about claim checks; a web admin is not an 'other payee' contact.
      { 'body.plans.0.sendClaimsCheckTo': UNKNOWN, 'body.plans.1.someoneElsePayeeContactId': CHOICE },
    );
    const missing = await portal.benAdmin.put(`${base}/plans`, {
      plans: [{ id: 'no-such-plan', salaryBased: true }],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Plan not found');

    // The chosen payee cannot be deleted out from under the plan.
    const inUse = await del(portal.benAdmin, `${base}/contacts/${webAdminContact!.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('This contact is still chosen in 1 plan. Remove it there first.');
  });

  it('refuses an edit against a stale version and accepts the current one', async () => {
    const current = (await editing()).version as number;
    const before = await streamLength();
    const stale = await portal.benAdmin.post(`${base}/locations`, location('Late'), {
      'if-match': String(current - 1),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', currentVersion: current });
    expect(await streamLength()).toBe(before);
    await eventually(async () => {
      const fresh = await portal.benAdmin.get(`${base}?view=editing`);
      expect(fresh.body.version).toBe(current);
    });
    const ok = await portal.benAdmin.post(`${base}/locations`, location('On time'), {
      'if-match': `"${current}"`,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.version).toBe(current + 1);
  });

  it('serves the editing view and the lists, and refuses a bad view', async () => {
    const res = await portal.benAdmin.get(`${base}?view=bogus`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validationError)).toEqual(['query.view']);
    for (const list of ['contacts', 'subsidiaries', 'monthly-claims-report-mailing-locations']) {
      const listed = await portal.benAdmin.get(`${base}/${list}`);
      expect(listed.status, list).toBe(200);
      expect(Array.isArray(listed.body), list).toBe(true);
    }
    expect((await portal.benAdmin.get('/api/clients/no-such-client/locations')).status).toBe(403);
    expect((await portal.staff.get('/api/clients/no-such-client/locations')).status).toBe(404);
    expect((await portal.staff.post('/api/clients/no-such-client/locations', location('X'))).status).toBe(
      404,
    );
  });

  it('answers a read with minVersion once the read model has reached it (read-your-writes)', async () => {
    const saved = await portal.benAdmin.put(base, { policyAnniversaryMonth: 7 });
    expect(saved.status).toBe(200);
    // Asked right after the save, the read waits for the projection rather than answering older.
    const read = await portal.benAdmin.get(`${base}?view=editing&minVersion=${saved.body.version}`);
    expect(read.body.version).toBeGreaterThanOrEqual(saved.body.version);
    expect(read.body.policyAnniversaryMonth).toBe(7);
    // A version no one has written yet: it waits briefly, then answers what there is.
    const ahead = await portal.benAdmin.get(`${base}?minVersion=${saved.body.version + 1000}`);
    expect(ahead.status).toBe(200);
    expect(ahead.body.version).toBeLessThan(saved.body.version + 1000);
    const bad = await portal.benAdmin.get(`${base}?minVersion=-1`);
    expect(bad.status).toBe(400);
    expect(bad.body.validationError).toEqual({ 'query.minVersion': 'minVersion must be a whole number' });
  });

  it('refuses a ben-admin the entities of a client not theirs, naming nothing', async () => {
    const before = await streamLength(OTHER);
    for (const res of [
      await portal.benAdmin.post(`/api/clients/${OTHER}/locations`, location('Intruder')),
      await portal.benAdmin.put(`/api/clients/${OTHER}/plans`, { plans: [] }),
      await del(portal.benAdmin, `/api/clients/${OTHER}/bills/bulk`, { ids: ['x'] }),
      await portal.benAdmin.get(`/api/clients/${OTHER}/contacts`),
      await portal.benAdmin.get(`/api/clients/${OTHER}?view=editing`),
    ]) {
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(OTHER);
    }
    expect(await streamLength(OTHER)).toBe(before);
    // Staff may edit any client.
    expect((await portal.staff.post(`/api/clients/${OTHER}/locations`, location('Staff added'))).status).toBe(
      201,
    );
  });

  it('after signing, an edit is a pending change: in the editing view, not in the accepted one', async () => {
    await answerEveryRequiredQuestion(portal.benAdmin, DEMO_CLIENT_ID);
    const signed = await portal.benAdmin.post(`${base}/eif/sign`);
    expect(signed.status).toBe(200);
    expect(signed.body.eifStatus).toBe('signed');

    const created = await portal.benAdmin.post(`${base}/locations`, location('Opened after signing'));
    expect(created.status).toBe(201);
    const added = (created.body.locations as Row[]).find((l) => l.name === 'Opened after signing')!;
    expect(created.body.pendingChanges).toEqual([
      expect.objectContaining({ action: 'create', entity: 'Location', entityId: added.id }),
    ]);
    const events = await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID));
    expect(events.at(-1)!.data).toMatchObject({
      entity: 'Location',
      pending: { by: { userId: 'demo-ben-admin' } },
    });

    await eventually(async () => {
      const accepted = await portal.benAdmin.get(base);
      expect(accepted.body.version).toBe(created.body.version);
      expect((accepted.body.locations as Row[]).some((l) => l.id === added.id)).toBe(false);
      expect(accepted.body.pendingChanges).toHaveLength(1);
      const editing = await portal.benAdmin.get(`${base}?view=editing`);
      expect((editing.body.locations as Row[]).some((l) => l.id === added.id)).toBe(true);
      const listed = await portal.benAdmin.get(`${base}/locations`);
      expect((listed.body as Row[]).some((l) => l.id === added.id)).toBe(true);
    });
  });
});
