import { censusCommandRoutes } from '@onboard/command-api/census';
import { censusQueryRoutes } from '@onboard/query-api/census';
import { qpsCommandRoutes } from '@onboard/command-api/qps/routes';
import { createExplorerCommands } from '@onboard/command-api/explorer';
import { createExplorerQueries } from '@onboard/query-api/explorer';
import { clientDocumentCommandRoutes, documentCommandRoutes } from '@onboard/command-api/documents';
import { resourceCommandRoutes } from '@onboard/command-api/resources';
import { resourceQueryRoutes } from '@onboard/query-api/resources';
import { documentQueryRoutes } from '@onboard/query-api/documents';
import { serviceStatusQueryRoutes } from '@onboard/query-api/service-status';
import { featureToggleCommandRoutes } from '@onboard/command-api/feature-toggles';
import { BUILT_IN_TOGGLE_DEFAULTS, featureToggleQueryRoutes } from '@onboard/query-api/feature-toggles';
import { benAdminPlatformCommandRoutes } from '@onboard/command-api/ben-admin-platforms';
import { benAdminPlatformQueryRoutes } from '@onboard/query-api/ben-admin-platforms';
import { portalChatCommandRoutes } from '@onboard/command-api/support';
import { portalChatQueryRoutes } from '@onboard/query-api/support';
import { conversationCommandRoutes } from '@onboard/command-api/conversations';
import { dataFeedCommandRoutes } from '@onboard/command-api/data-feed';
import { personalDataCommandRoutes } from '@onboard/command-api/personal-data';
import { dataFeedQueryRoutes } from '@onboard/query-api/data-feed';
import { conversationQueryRoutes } from '@onboard/query-api/conversations';
import { personalDataAccessRoutes } from '@onboard/query-api/personal-data';
import { emailCommandRoutes } from '@onboard/command-api/emails';
import { emailQueryRoutes, emailRuleQueryRoutes, emailTemplateQueryRoutes } from '@onboard/query-api/emails';
import { DEFAULT_SUPPORT_SETTINGS } from '@onboard/domain';
import { employeeClassCommandRoutes } from '@onboard/command-api/employee-classes';
import { employeeClassQueryRoutes } from '@onboard/query-api/employee-classes';
import { eifSignaturesRoutes, eifSummaryRoutes, qpsQueryRoutes } from '@onboard/query-api';
import type { Router } from 'express';
import { describe, expect, it } from 'vitest';
import {
  clientLifecycleRoutes,
  createCommandApi,
  outsideSignerRoutes,
  planSystemCommandRoutes,
} from '@onboard/command-api';
import { planSystemQueryRoutes } from '@onboard/query-api';
import { createAuthApi, type AuthDeps } from '@onboard/command-api/auth';
import { createUserAdminCommands, type UserAdminCommandDeps } from '@onboard/command-api/users';
import { createQueryApi, eifHistoryRoutes } from '@onboard/query-api';
import { createUserAdminQueries } from '@onboard/query-api/users';
import { analyticsCommandRoutes } from '@onboard/command-api/analytics';
import { analyticsQueryRoutes } from '@onboard/query-api/analytics';
import { buildOpenApiDocument } from './openapi.ts';
import { errorReportingCommandRoutes } from '@onboard/command-api/error-reporting';
import { errorReportingQueryRoutes } from '@onboard/query-api/error-reporting';
import { evidencePackRoutes } from '@onboard/query-api/evidence-pack';
import { onboardingFormCommandRoutes } from '@onboard/command-api/onboarding-forms';
import { onboardingFormQueryRoutes } from '@onboard/query-api/onboarding-forms';
import { builtInESignature } from '../onboarding-forms/built-in-e-signature.ts';

type Parameter = { name: string; in: string; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: unknown; content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const doc = buildOpenApiDocument();
const paths = doc.paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
const operations = Object.entries(paths).flatMap(([path, item]) =>
  METHODS.flatMap((method) => (item[method] ? [{ method, path, op: item[method] }] : [])),
);

/** Routes that exist only in platform/src/app.ts or the gateway (which needs a running bus to build). */
const APP_LEVEL = [
  'get /api/health',
  'get /api/health/live',
  'get /api/health/ready',
  'get /api/openapi.json',
  'get /api/events/stream',
];

/** Every (method, path) an Express router answers, with `:param` written as OpenAPI's `{param}`. */
function mountedRoutes(router: Router): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
        return Object.keys(layer.route.methods).map((method) => `${method} ${path}`);
      }
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk((router as unknown as { stack: Layer[] }).stack);
}

/** The routers as platform/src/app.ts mounts them; building one touches none of its dependencies. */
function allMountedRoutes() {
  const unused = () => {
    throw new Error('not called while building routers');
  };
  const base = {
    store: {} as UserAdminCommandDeps['store'],
    pool: {} as UserAdminCommandDeps['pool'],
    authenticate: unused,
    now: () => new Date(0),
    newId: () => 'id',
    throttle: { consume: unused, reward: unused, forget: unused },
    keys: { forSealing: unused, forOpening: unused },
  };
  const auth = {
    ...base,
    sessionSecret: 'openapi-test-secret-openapi-test-secret',
    emailSender: {} as AuthDeps['emailSender'],
    publicUrl: () => 'http://127.0.0.1',
    passwordMaxAgeDays: 90,
    logger: { info: () => undefined, warn: () => undefined },
  } satisfies AuthDeps;
  const accounts = {
    sendActivationEmail: unused,
    sendPasswordReset: unused,
    resetMfa: unused,
    createActivationLink: unused,
  };
  return [
    createAuthApi(auth),
    createCommandApi(base),
    clientLifecycleRoutes(base),
    planSystemCommandRoutes({
      ...base,
      planSystem: { findClient: unused },
      accounts: { sendActivationEmail: unused },
    }),
    planSystemQueryRoutes({ ...base, planSystem: { findClient: unused }, tickets: { ticketInfo: unused } }),
    outsideSignerRoutes({ ...base, emailSender: auth.emailSender, publicUrl: auth.publicUrl }),
    createUserAdminCommands({ ...base, accounts }),
    createQueryApi(base),
    createUserAdminQueries(base),
    eifHistoryRoutes(base),
    eifSummaryRoutes(base),
    eifSignaturesRoutes(base),
    qpsCommandRoutes(base),
    qpsQueryRoutes(base),
    createExplorerCommands(base),
    createExplorerQueries(base),
    documentCommandRoutes({ ...base, documents: { put: null } }),
    employeeClassCommandRoutes(base),
    employeeClassQueryRoutes(base),
    resourceCommandRoutes({ ...base, documents: { get: unused } }),
    resourceQueryRoutes({ ...base, documents: { get: unused } }),
    serviceStatusQueryRoutes({ ticketSystem: { isUp: unused } }),
    analyticsCommandRoutes(base),
    analyticsQueryRoutes(base),
    featureToggleCommandRoutes({ ...base, onGlobalSet: unused }),
    featureToggleQueryRoutes({
      ...base,
      toggleDefaults: BUILT_IN_TOGGLE_DEFAULTS,
      settings: {
        version: 'test',
        supportEmail: 'support@onboard.example',
        helpCenterUrl: 'https://help.onboard.example',
        legalLinks: DEFAULT_SUPPORT_SETTINGS.legalLinks,
        analytics: null,
        errorReportingDsn: null,
        productionHosts: [],
      },
    }),
    errorReportingCommandRoutes({ ...base, reporter: { takeEnvelope: unused } }),
    errorReportingQueryRoutes({ ...base, settings: { dsn: '', release: '' } }),
    benAdminPlatformCommandRoutes(base),
    benAdminPlatformQueryRoutes(base),
    portalChatCommandRoutes(base),
    portalChatQueryRoutes(base),
    conversationCommandRoutes(base),
    conversationQueryRoutes(base),
    personalDataAccessRoutes(base),
    emailCommandRoutes({ ...base, emailSender: auth.emailSender, publicUrl: auth.publicUrl }),
    emailQueryRoutes(base),
    emailRuleQueryRoutes(base),
    emailTemplateQueryRoutes({ ...base, renderHtml: unused }),
    evidencePackRoutes({ ...base, sealer: { carrierSeal: unused }, signedForms: unused }),
    censusCommandRoutes({ ...base, documents: { get: unused, put: null } }),
    censusQueryRoutes({ ...base, documents: { get: unused } }),
    dataFeedCommandRoutes({
      ...base,
      documents: { get: unused, put: null },
      emailSender: auth.emailSender,
      publicUrl: auth.publicUrl,
    }),
    dataFeedQueryRoutes({ ...base, documents: { get: unused } }),
    personalDataCommandRoutes({
      ...base,
      keys: { employeeReference: unused, hasKeys: unused, destroy: unused },
    }),
    onboardingFormCommandRoutes({
      ...base,
      documents: { get: unused, put: null },
      eSignature: builtInESignature('openapi-test-secret'),
    }),
    onboardingFormQueryRoutes({
      ...base,
      documents: { get: unused },
      eSignature: builtInESignature('openapi-test-secret'),
    }),
    clientDocumentCommandRoutes({ ...base, documents: { put: null }, videos: { put: null } }),
    documentQueryRoutes({ ...base, documents: { get: unused }, videos: { get: unused }, zipTimeoutMs: 1 }),
  ].flatMap(mountedRoutes);
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 in shape: info, paths, and a described answer for every operation', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(operations.length).toBeGreaterThan(40);
    for (const { method, path, op } of operations) {
      const where = `${method} ${path}`;
      expect(path, where).toMatch(/^\/api\//);
      expect(path, where).not.toContain(':');
      const responses = Object.entries(op.responses ?? {});
      expect(responses.length, where).toBeGreaterThan(0);
      expect(
        responses.some(([status]) => /^2\d\d$/.test(status)),
        `${where} has a success answer`,
      ).toBe(true);
      for (const [status, response] of responses) {
        expect(status, where).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(typeof response.description, `${where} ${status}`).toBe('string');
      }
      if (method === 'get') expect(op.requestBody, where).toBeUndefined();
    }
  });

  it('declares each path template parameter once, as a required path parameter, and no other', () => {
    for (const { method, path, op } of operations) {
      const where = `${method} ${path}`;
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const parameters = op.parameters ?? [];
      const inPath = parameters.filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name).sort(), where).toEqual(templated);
      expect(
        inPath.every((p) => p.required === true),
        where,
      ).toBe(true);
      const keys = parameters.map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, `${where} repeats a parameter`).toBe(keys.length);
      for (const p of parameters) expect(['path', 'query', 'header', 'cookie'], where).toContain(p.in);
    }
  });

  it('has no two paths that differ only in their template names', () => {
    const shapes = Object.keys(paths).map((path) => path.replace(/\{\w+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('resolves every $ref to a component', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    const components = doc.components as Record<string, Record<string, unknown>>;
    for (const [, kind, name] of refs) expect(components[kind!]?.[name!], `${kind}/${name}`).toBeDefined();
  });

  it('asks for the CSRF header on every write and a body where the route validates one', () => {
    for (const { method, path, op } of operations) {
      if (method === 'get') continue;
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headers, `${method} ${path}`).toContain('x-csrf-token');
    }
    const withBody = [
      'post /api/auth/sign-in',
      'post /api/auth/mfa/verify',
      'post /api/users/password-upsert',
      'put /api/clients/{clientId}',
      'post /api/clients/{clientId}/eif/changes/accept',
      'post /api/clients/{clientId}/eif/changes/decline',
      'post /api/users/broker',
      'put /api/users/internal/{userId}',
      'post /api/users/update-email-and-send-activation-email',
    ];
    for (const route of withBody) {
      const [method, path] = route.split(' ') as [(typeof METHODS)[number], string];
      expect(paths[path]?.[method]?.requestBody?.content['application/json']?.schema, route).toBeDefined();
    }
  });

  it('publishes the validated bodies: the accept/decline shapes and the create-user rules', () => {
    const body = (method: 'post' | 'put', path: string) =>
      paths[path]![method]!.requestBody!.content['application/json']!.schema as {
        properties: Record<string, unknown>;
        required?: string[];
        additionalProperties?: boolean;
      };
    const decline = body('post', '/api/clients/{clientId}/eif/changes/decline');
    // Whole changes (by id or all) or single answers, with the reason.
    expect(decline.required?.sort()).toEqual(['reason']);
    expect(JSON.stringify(decline.properties.changeIds)).toContain('"all"');
    expect(JSON.stringify(decline.properties.answers)).toContain('attributeKey');
    const internal = body('post', '/api/users/internal');
    expect(internal.properties.role).toMatchObject({ enum: ['SLF_ADMIN', 'SLF_OWNER'] });
    expect(internal.additionalProperties).toBe(false);
    expect(body('post', '/api/users/broker').properties).toHaveProperty('clientIds');
    expect(body('post', '/api/auth/sign-in').required?.sort()).toEqual(['password', 'username']);
  });

  it('lists the sign-in, user administration, EIF lifecycle and EIF history routes', () => {
    const documented = new Set(operations.map(({ method, path }) => `${method} ${path}`));
    for (const route of [
      'post /api/auth/sign-in',
      'post /api/auth/mfa/enroll',
      'post /api/auth/mfa/activate',
      'post /api/auth/mfa/challenge',
      'post /api/auth/mfa/verify',
      'post /api/users/authenticated',
      'get /api/users/authenticated',
      'post /api/users/authenticated/logout',
      'post /api/auth/refresh',
      'post /api/clients/{clientId}/eif/sign',
      'post /api/clients/{clientId}/eif/changes/ready-for-review',
      'post /api/clients/{clientId}/eif/changes/accept',
      'post /api/clients/{clientId}/eif/changes/decline',
      'post /api/clients/{clientId}/undo-ic-edits',
      'get /api/clients/{clientId}/eif/history',
      'get /api/clients/{clientId}/eif/history/{revision}',
      'get /api/users/broker',
      'post /api/users/ben-admin',
      'delete /api/users/internal/{userId}',
      'put /api/users/broker/{userId}/assign/{clientId}',
      'get /api/clients/{clientId}',
      'get /api/events/stream',
    ]) {
      expect(documented, route).toContain(route);
    }
  });

  it('documents exactly the routes the app mounts', () => {
    const documented = operations.map(({ method, path }) => `${method} ${path}`).sort();
    const mounted = [...new Set([...allMountedRoutes(), ...APP_LEVEL])].sort();
    expect(documented).toEqual(mounted);
  });
});
