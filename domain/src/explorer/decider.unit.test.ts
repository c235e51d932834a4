import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { ExplorerSiteAttributes, type ExplorerPlan } from '@onboard/events/catalogue/explorer';
import { SAMPLE_LIFE_PLAN, SAMPLE_VISION_PLAN } from '../testing/explorer-plans.ts';
import { commandBuilder, eventsOf, givenWhenThen } from '../testing/given-when-then.ts';
import {
  explorerSiteDecider,
  foldExplorerSite,
  isExplorerSiteLive,
  renewalOf,
  type ExplorerSiteCommand,
} from './decider.ts';

const explorerPageId = 'page-1';
const by = { userId: 'staff-1', at: '2026-01-05T10:00:00.000Z' };
/** A command asked by staff-1 at `by.at` (events record them as `by`). */
const cmd = commandBuilder<ExplorerSiteCommand>({ at: by.at, by: { userId: by.userId, role: 'SLF_ADMIN' } });
const site = ExplorerSiteAttributes.parse({
  name: 'Acme 2026',
  language: 'en',
  planYear: '2026',
  employerState: 'MA',
  policies: ['123456'],
  medicalVideo: 'NO_VIDEO',
  vanitySlug: 'Acme Benefits',
  startsAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-01-01T00:00:00.000Z',
});
const vision: ExplorerPlan = { id: 'plan-vision', ...SAMPLE_VISION_PLAN };
const life: ExplorerPlan = { id: 'plan-life', ...SAMPLE_LIFE_PLAN };

const create = (plans: ExplorerPlan[] = [vision]) =>
  cmd('CreateSite', { explorerPageId, clientId: 'client-1', pageOwner: 'staff-1', site, plans });

const given = givenWhenThen(explorerSiteDecider);
const created = () => eventsOf(given().when(create()));

describe('explorer site decider', () => {
  it('creates a site with its plans and a normalised vanity slug', () => {
    expect(created()).toEqual([
      {
        type: 'ExplorerSiteCreated',
        data: {
          explorerPageId,
          clientId: 'client-1',
          pageOwner: 'staff-1',
          site: { ...site, vanitySlug: 'acme-benefits' },
          renewedFrom: null,
          by,
        },
      },
      { type: 'ExplorerPlanAdded', data: { explorerPageId, plan: vision } },
    ]);
  });

  it('refuses a bad site or plan with every field message keyed by its body path', () => {
    const bad = cmd('CreateSite', {
      explorerPageId,
      clientId: 'client-1',
      pageOwner: 'staff-1',
      site: { ...site, name: '' },
      plans: [vision, { ...life, planName: ' ', legalEntity: null }],
    });
    expect(given().when(bad)).toEqual({
      ok: false,
      error: {
        code: 'INVALID',
        message: 'Invalid request',
        fields: {
          name: 'Please enter a site name.',
          'benefits.1.planName': 'Plan Name is required.',
          'benefits.1.legalEntity': 'Underwriter/Administrator is required',
        },
      },
    });
  });

  it('refuses to create a site twice and commands on a missing or deleted site', () => {
    expect(given(...created()).when(create())).toMatchObject({
      ok: false,
      error: { code: 'ALREADY_EXISTS' },
    });
    const transfer: ExplorerSiteCommand = cmd('TransferOwnership', { to: 'staff-2' });
    expect(given().when(transfer)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const deleted = eventsOf(given(...created()).when(cmd('DeleteSite', {})));
    expect(given(...created(), ...deleted).when(transfer)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('updates the site and records plans added, changed and removed by id', () => {
    const changedVision = { ...vision, planName: 'Vision Plus' };
    const decision = given(...created()).when(
      cmd('UpdateSite', { site: { ...site, name: 'Acme 2026 benefits' }, plans: [changedVision, life] }),
    );
    expect(eventsOf(decision).map((e) => e.type)).toEqual([
      'ExplorerSiteUpdated',
      'ExplorerPlanChanged',
      'ExplorerPlanAdded',
    ]);
    const after = foldExplorerSite([...created(), ...eventsOf(decision)]);
    const removal = given(...created(), ...eventsOf(decision)).when(
      cmd('UpdateSite', { site: { ...site, name: 'Acme 2026 benefits' }, plans: [life] }),
    );
    expect(eventsOf(removal)).toEqual([
      { type: 'ExplorerPlanRemoved', data: { explorerPageId, planId: vision.id } },
    ]);
    expect(after.status === 'active' && after.page.plans.map((p) => p.planName)).toEqual([
      'Vision Plus',
      'Basic Life',
    ]);
  });

  it('records nothing for an update that changes nothing', () => {
    expect(given(...created()).when(cmd('UpdateSite', { site }))).toEqual({ ok: true, events: [] });
  });

  it('refuses two plans with one id', () => {
    expect(given().when(create([vision, vision]))).toMatchObject({
      ok: false,
      error: { fields: { 'benefits.1.id': 'Each plan needs its own id.' } },
    });
  });

  it('transfers ownership, and a transfer to the current owner records nothing', () => {
    expect(given(...created()).when(cmd('TransferOwnership', { to: 'staff-2' }))).toEqual({
      ok: true,
      events: [
        { type: 'ExplorerSiteTransferred', data: { explorerPageId, from: 'staff-1', to: 'staff-2', by } },
      ],
    });
    expect(given(...created()).when(cmd('TransferOwnership', { to: 'staff-1' }))).toEqual({
      ok: true,
      events: [],
    });
  });

  it('renews once: the next site copies plans and links back to the previous one', () => {
    const state = foldExplorerSite(created());
    if (state.status !== 'active') throw new Error('not created');
    const next = renewalOf(state.page, {
      newExplorerPageId: 'page-2',
      startsAt: '2027-01-01T00:00:00.000Z',
      expiresAt: '2028-01-01T00:00:00.000Z',
      planYear: '2027',
      vanitySlug: null,
    });
    const nextEvents = eventsOf(given().when({ ...next, metadata: cmd('DeleteSite', {}).metadata }));
    expect(nextEvents[0]).toMatchObject({
      type: 'ExplorerSiteCreated',
      data: {
        explorerPageId: 'page-2',
        site: { planYear: '2027', vanitySlug: null, name: 'Acme 2026' },
        renewedFrom: { explorerPageId, vanitySlug: 'acme-benefits', expiresAt: '2027-01-01T00:00:00.000Z' },
      },
    });
    expect(nextEvents.slice(1)).toEqual([
      { type: 'ExplorerPlanAdded', data: { explorerPageId: 'page-2', plan: { ...vision, isNew: false } } },
    ]);
    const renewed = eventsOf(given(...created()).when(cmd('RecordRenewal', { newExplorerPageId: 'page-2' })));
    expect(renewed).toEqual([
      { type: 'ExplorerSiteRenewed', data: { explorerPageId, newExplorerPageId: 'page-2', by } },
    ]);
    expect(
      given(...created(), ...renewed).when(cmd('RecordRenewal', { newExplorerPageId: 'page-3' })),
    ).toMatchObject({
      ok: false,
      error: { code: 'ALREADY_RENEWED' },
    });
  });

  it('attaches document metadata, replacing a document with the same id', () => {
    const document = {
      documentId: 'd-1',
      documentKey: 'k',
      name: 'Summary',
      benefitType: 'VISION',
      language: 'en',
    };
    const attached = eventsOf(given(...created()).when(cmd('AttachDocument', { document })));
    const again = eventsOf(
      given(...created()).when(cmd('AttachDocument', { document: { ...document, name: 'New' } })),
    );
    const state = foldExplorerSite([...created(), ...attached, ...again]);
    expect(state.status === 'active' && state.page.documents).toEqual([{ ...document, name: 'New' }]);
  });

  itAnswers(isExplorerSiteLive, {
    'is live from startsAt until expiresAt': [
      [[site, new Date('2025-12-31T23:59:59Z')], false],
      [[site, new Date('2026-06-01T00:00:00Z')], true],
      [[site, new Date('2027-01-01T00:00:00Z')], false],
      [[{ startsAt: null, expiresAt: null }, new Date()], false],
    ],
  });
});
