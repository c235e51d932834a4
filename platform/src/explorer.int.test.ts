import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, consumerStatuses, resetConsumer, startRunner, type Runner } from '@onboard/events';
import { createExplorerCommands, SLUG_TAKEN_MESSAGE } from '@onboard/command-api/explorer';
import { createExplorerQueries } from '@onboard/query-api/explorer';
import { explorerPagesProjection } from '@onboard/projections/explorer-pages';
import { SAMPLE_DENTAL_PLAN, SAMPLE_MEDICAL_PLAN, SAMPLE_VISION_PLAN } from '@onboard/domain/testing';
import { type RunningApp } from './app.ts';
import { DEMO_USERS } from './seed.ts';
import { serveRoutes, type ServedRoutes } from './testing/route-server.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { startSeededApp } from './testing/seeded-app.ts';
import { explorerSiteBody } from './testing/explorer.ts';

/**
 * Explorer sites over HTTP: the explorer routers mounted on their own server in front of the app's store,
 * pool and real sessions; the explorer-pages projection runs beside them.
 */
let app: RunningApp;
let server: ServedRoutes | undefined;
let runner: Runner;
let base: string;
let staff: ReturnType<typeof apiClient>;
let broker: ReturnType<typeof apiClient>;
const clientId = `explorer-client-${randomUUID().slice(0, 8)}`;
const admin = DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!;
const owner = DEMO_USERS.find((u) => u.role === 'SLF_OWNER')!;

async function sessionFor(email: string) {
  const signedIn = apiClient(app.url);
  await signedIn.signIn(email);
  const client = apiClient(base);
  for (const [k, v] of signedIn.cookies) client.cookies.set(k, v);
  return client;
}

beforeAll(async () => {
  app = await startSeededApp('explorer');
  runner = startRunner({ store: app.store, pool: app.pool, consumer: explorerPagesProjection });
  const deps = {
    store: app.store,
    authenticate: app.identity.authenticate,
    now: () => new Date(),
    newId: randomUUID,
    pool: app.pool,
    throttle: app.identity.deps.throttle,
  };
  server = await serveRoutes(
    app.logger,
    createExplorerCommands(deps),
    createExplorerQueries({ pool: app.pool, authenticate: app.identity.authenticate, keys: app.dataKeys }),
  );
  base = server.url;
  staff = await sessionFor(admin.email);
  broker = await sessionFor(DEMO_USERS.find((u) => u.role === 'BROKER')!.email);
});

afterAll(async () => {
  await server?.close();
  await runner?.stop();
  await app?.stop();
});

const medical = { id: 'medical-ppo', ...SAMPLE_MEDICAL_PLAN };
const dental = { id: 'dental-ppo', ...SAMPLE_DENTAL_PLAN };
const vision = { id: 'vision', ...SAMPLE_VISION_PLAN };
const slug = `acme-${randomUUID().slice(0, 6)}`;
const siteBody = (extra: Record<string, unknown> = {}) =>
  explorerSiteBody('Acme 2026 benefits', { benefits: [medical, dental, vision], ...extra });
const pagesPath = `/api/clients/${clientId}/explorer-pages`;
const anonymous = () => apiClient(base);

describe('explorer sites over HTTP', () => {
  let siteId = '';

  it('lets staff create a site with medical, dental and vision plans; others are refused', async () => {
    expect((await anonymous().post(pagesPath, siteBody())).status).toBe(401);
    expect((await broker.post(pagesPath, siteBody())).status).toBe(403);
    const created = await staff.post(pagesPath, siteBody({ vanitySlug: slug.toUpperCase() }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ clientId, pageOwner: admin.id, vanitySlug: slug, version: 3 });
    siteId = created.body.id;
    const list = await eventually(async () => {
      const answer = await staff.get(`${pagesPath}?limit=10&offset=0&sortBy=name&direction=asc`);
      expect(answer.body.total).toBe(1);
      // The page of items is read apart from the count: wait for the site in it too.
      expect(answer.body.items).toHaveLength(1);
      return answer.body;
    });
    expect(list.items[0].benefits.map((p: { benefitType: string }) => p.benefitType)).toEqual([
      'MEDICAL',
      'DENTAL',
      'VISION',
    ]);
  });

  it('answers a bad plan and a bad site with the spec messages and writes nothing', async () => {
    const bad = await staff.post(
      pagesPath,
      siteBody({ name: ' ', benefits: [medical, { ...vision, id: 'v2', planName: '' }] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.validationError).toEqual({
      'body.name': 'Please enter a site name.',
      'body.benefits.1.planName': 'Plan Name is required.',
    });
    const ci = await staff.post(
      pagesPath,
      siteBody({
        benefits: [
          {
            id: 'ci',
            carrierId: 1,
            benefitType: 'CRITICAL_ILLNESS',
            planType: 'VOLUNTARY',
            planName: 'CI',
            contentFlags: ['Health_Navigator_Helpline', 'Self_Care_From_AbleTo'],
          },
        ],
      }),
    );
    expect(ci.body.validationError['body.benefits.0.contentFlags']).toBe(
      'Critical Illness can include one value-added service. Please check the sold-case proposal for the correct selection.',
    );
  });

  it('refuses a vanity slug another site holds, in any case or spacing', async () => {
    const taken = await staff.post(pagesPath, siteBody({ vanitySlug: ` ${slug.replace('-', ' ')} ` }));
    expect(taken.status).toBe(400);
    expect(taken.body.validationError).toEqual({ 'body.vanitySlug': SLUG_TAKEN_MESSAGE });
    const list = await staff.get(pagesPath);
    expect(list.body.total).toBe(1);
  });

  it('validates list queries', async () => {
    const bad = await staff.get(`${pagesPath}?limit=0&offset=-1&sortBy=owner&direction=up`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.validationError).sort()).toEqual([
      'query.direction',
      'query.limit',
      'query.offset',
      'query.sortBy',
    ]);
    expect((await staff.get(`${pagesPath}?limit=101`)).status).toBe(400);
  });

  it('answers the public page anonymously by id and by slug; 404 for unknown', async () => {
    const byId = await anonymous().get(`/api/explorer-pages/${siteId}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: siteId,
      explorerPageId: siteId,
      name: 'Acme 2026 benefits',
      isLive: true,
      enrollmentStatus: 'active',
    });
    expect(byId.body.benefits).toHaveLength(3);
    // The public contract: what the page shows or decides with, and no staff field.
    expect(Object.keys(byId.body).sort()).toEqual(
      [
        'id',
        'explorerPageId',
        'name',
        'planYear',
        'employerState',
        'customClientName',
        'logoDocumentId',
        'hideProviderLogo',
        'administratorName',
        'administratorWebsiteUrl',
        'administratorPrivacyUrl',
        'customBranding',
        'customThemeBrandColor',
        'customThemeContrastingColor',
        'benAdminPlatformUrl',
        'startsAt',
        'maintenanceMode',
        'openEnrollmentStart',
        'openEnrollmentEnd',
        'benefitTypeMetadata',
        'medicalVideo',
        'medicalVideoEnglishTitle',
        'medicalVideoSpanishTitle',
        'medicalVideoDocumentId',
        'vidyardId',
        'showBenefitCount',
        'enableContactUsLiveChat',
        'enableContactUsAppointment',
        'enableContactUsEmail',
        'customCalendlyLink',
        'benefits',
        'documents',
        'isLive',
        'languageFeatureToggle',
        'largeClientFeatureToggle',
        'showsLanguageDialog',
        'supportChat',
        'enrollmentStatus',
      ].sort(),
    );
    // Staff still read the whole site.
    const staffView = await staff.get(`${pagesPath}/${siteId}`);
    expect(staffView.body).toMatchObject({
      clientId,
      pageOwner: admin.id,
      vanitySlug: slug,
      policies: ['123456'],
    });
    const bySlug = await anonymous().get(`/api/explorer-pages/${slug}`);
    expect(bySlug.body.id).toBe(siteId);
    expect((await anonymous().get('/api/explorer-pages/no-such-site')).status).toBe(404);
    // A live site takes no demo switch.
    const demo = await anonymous().get(`/api/explorer-pages/${siteId}?demoEnrollmentStatus=pre`);
    expect(demo.status).toBe(400);
  });

  let renewedId = '';
  it("names a non-provider site's third-party administrator for its footer; a bad link is refused", async () => {
    const administered = {
      hideProviderLogo: true,
      administratorName: 'Harbor Benefit Services',
      administratorWebsiteUrl: 'https://harbor.example',
      administratorPrivacyUrl: 'javascript:alert(1)',
    };
    const refused = await staff.post(pagesPath, siteBody({ name: 'Harbor', ...administered }));
    expect(refused.status).toBe(400);
    expect(refused.body.validationError).toEqual({
      'body.administratorPrivacyUrl': 'Please enter a full web address starting with https://',
    });
    const created = await staff.post(
      pagesPath,
      siteBody({
        name: 'Harbor',
        ...administered,
        administratorPrivacyUrl: 'https://harbor.example/privacy',
      }),
    );
    expect(created.status).toBe(201);
    const page = await eventually(async () => {
      const answer = await anonymous().get(`/api/explorer-pages/${created.body.id}`);
      expect(answer.status).toBe(200);
      return answer.body;
    });
    expect(page).toMatchObject({
      hideProviderLogo: true,
      administratorName: 'Harbor Benefit Services',
      administratorWebsiteUrl: 'https://harbor.example',
      administratorPrivacyUrl: 'https://harbor.example/privacy',
    });
    expect((await staff.request('DELETE', `${pagesPath}/${created.body.id}`)).status).toBe(204);
  });

  it('renews into the next year linked to the previous site, once', async () => {
    const renewed = await staff.post(`${pagesPath}/${siteId}/renew`, {
      startsAt: '2099-01-01T00:00:00.000Z',
      expiresAt: '2100-01-01T00:00:00.000Z',
      planYear: '2099',
    });
    expect(renewed.status).toBe(201);
    renewedId = renewed.body.id;
    expect(renewed.body.renewedFrom).toMatchObject({ explorerPageId: siteId, vanitySlug: slug });
    const next = await eventually(async () => {
      const answer = await anonymous().get(`/api/explorer-pages/${renewedId}?demoEnrollmentStatus=post`);
      expect(answer.status).toBe(200);
      return answer.body;
    });
    expect(next).toMatchObject({ planYear: '2099', isLive: false, enrollmentStatus: 'post' });
    expect(next.benefits).toHaveLength(3);
    // The renewal links are staff data: the previous site points at the next one, and the slug stays.
    await eventually(async () =>
      expect((await staff.get(`${pagesPath}/${siteId}`)).body.newExplorerPageId).toBe(renewedId),
    );
    expect((await staff.get(`${pagesPath}/${renewedId}`)).body).toMatchObject({
      vanitySlug: null,
      renewedFrom: { explorerPageId: siteId },
    });
    const again = await staff.post(`${pagesPath}/${siteId}/renew`, { planYear: '2100' });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('ALREADY_RENEWED');
  });

  it('transfers every site of one owner to another', async () => {
    // The owner already holds the seeded demo site.
    const before = (await staff.get(`/api/explorer-pages/by-owner/${owner.id}`)).body.total as number;
    const moved = await staff.put(`/api/explorer-pages/transfer/${admin.id}/${owner.id}`, {});
    expect(moved.status).toBe(200);
    expect([...moved.body.transferred].sort()).toEqual([siteId, renewedId].sort());
    await eventually(async () => {
      const mine = await staff.get(`/api/explorer-pages/by-owner/${owner.id}`);
      expect(mine.body.total).toBe(before + 2);
    });
    expect((await staff.get(`/api/explorer-pages/by-owner/${admin.id}`)).body.total).toBe(0);
  });

  it('records a lead from an anonymous visitor and answers field errors', async () => {
    const bad = await anonymous().post('/api/explorer-pages/lead-generation/send', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.validationError['body.email']).toBe('Please enter a valid email address');
    const sent = await anonymous().post('/api/explorer-pages/lead-generation/send', {
      explorerPageId: siteId,
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Lee',
      city: 'Boston',
      state: 'MA',
      phone: '555-0100',
      externalUser: 'broker',
      employerName: 'Acme',
      brokerName: 'Brokers Inc',
    });
    expect(sent.status).toBe(201);
    const events = await app.store.readStream(`explorerlead-${sent.body.leadId}`);
    expect(events.map((e) => e.type)).toEqual(['LeadSubmitted']);
  });

  it('edits plans and deletes a site, which frees its slug and hides its page', async () => {
    const edited = await staff.put(
      `${pagesPath}/${siteId}`,
      siteBody({ vanitySlug: slug, benefits: [medical, { ...vision, planName: 'Vision Plus' }] }),
    );
    expect(edited.status).toBe(200);
    const gone = await staff.request('DELETE', `${pagesPath}/${siteId}`);
    expect(gone.status).toBe(204);
    await eventually(async () =>
      expect((await anonymous().get(`/api/explorer-pages/${siteId}`)).status).toBe(404),
    );
    const reused = await staff.post(pagesPath, siteBody({ name: 'Reuse', vanitySlug: slug }));
    expect(reused.status).toBe(201);
  });

  it('rebuilds the projection from zero to the same rows as the incremental one', async () => {
    const snapshot = async () =>
      (
        await app.pool.query(
          `select explorer_page_id, client_id, page_owner, vanity_slug, name, starts_at, page, is_deleted,
             version::text, created_at, updated_at from rm_explorer_pages order by explorer_page_id`,
        )
      ).rows;
    await eventually(async () => {
      const [status] = await consumerStatuses(app.pool, app.store, [explorerPagesProjection]);
      expect(status?.isCaughtUp).toBe(true);
    });
    const incremental = await snapshot();
    // The four sites this file made, and the seeded demo site.
    expect(incremental.length).toBe(5);
    await runner.stop();
    await resetConsumer(app.pool, explorerPagesProjection);
    expect(await snapshot()).toEqual([]);
    await catchUp({ store: app.store, pool: app.pool, consumer: explorerPagesProjection });
    expect(await snapshot()).toEqual(incremental);
  });
});
