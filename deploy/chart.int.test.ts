import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipUnless } from '@onboard/testing/backends';

// The Helm chart (deploy/chart): linted, rendered with every optional part on (ci/values.yaml), each object
// checked against the Kubernetes schemas offline and strictly (an unknown field fails), and read for what
// the distributed topology needs of it. The tools come from scripts/chart/install.sh.
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const chart = join(root, 'deploy/chart');
const helm = join(root, '.tmp/bin/helm');
const validator = join(root, '.tmp/chart-venv/bin/kubernetes-validate');
const KUBERNETES = '1.31.0';

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // Read by path in the assertions below, as rendered; the schema check above types them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  data?: Record<string, string>;
};

const missing = [helm, validator].filter((tool) => !existsSync(tool));
const skip = skipUnless(
  'The chart test (helm, kubernetes-validate)',
  missing.length === 0
    ? { available: true }
    : { available: false, reason: `missing ${missing.join(', ')} (bash scripts/chart/install.sh)` },
);

async function render(...args: string[]): Promise<string> {
  const { stdout } = await run(
    helm,
    ['template', 'onboard', chart, '--namespace', 'benefits', '--kube-version', KUBERNETES, ...args],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

async function validate(yaml: string): Promise<{ ok: boolean; output: string }> {
  const file = join(dir, `rendered-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, yaml);
  try {
    const { stdout, stderr } = await run(validator, ['--strict', '-k', KUBERNETES, file]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

let dir: string;
let rendered: string;
let objects: K8sObject[];
const named = (kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

describe.skipIf(skip)('the Helm chart', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'onboard-chart-'));
    rendered = await render('-f', join(chart, 'ci/values.yaml'));
    objects = parseAllDocuments(rendered)
      .map((d) => d.toJS() as K8sObject | null)
      .filter((o): o is K8sObject => o !== null);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes helm lint --strict', async () => {
    const { stdout } = await run(helm, ['lint', chart, '--strict', '-f', join(chart, 'ci/values.yaml')]);
    expect(stdout).toContain('0 chart(s) failed');
  });

  it('renders only objects that match the Kubernetes schemas, unknown fields refused', async () => {
    const kinds = objects.map((o) => o.kind).sort();
    expect(new Set(kinds)).toEqual(
      new Set([
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Ingress',
        'Job',
        'PodDisruptionBudget',
        'Service',
      ]),
    );
    const result = await validate(rendered);
    expect(result.output).not.toMatch(/failed|error/i);
    expect(result.ok).toBe(true);
    expect(result.output.match(/passed for resource/g)).toHaveLength(objects.length);

    // The check can fail: a misspelt field in one container is caught.
    const broken = await validate(rendered.replace('readinessProbe:', 'readinessProbes:'));
    expect(broken.ok).toBe(false);
    expect(broken.output).toMatch(/readinessProbes/);
  });

  it('runs each process kind as a Deployment with health probes, requests and a disruption budget', () => {
    for (const component of ['command-api', 'query-api', 'projections', 'workers']) {
      const deployment = named('Deployment', `onboard-${component}`);
      expect(deployment, component).toBeDefined();
      const [container] = deployment!.spec.template.spec.containers;
      expect(container.env).toContainEqual({ name: 'SERVICES', value: component });
      expect(container.readinessProbe.httpGet.path).toBe('/api/health/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/api/health/live');
      expect(container.resources.requests).toHaveProperty('cpu');
      expect(container.resources.requests).toHaveProperty('memory');
      expect(container.envFrom).toContainEqual({ secretRef: { name: 'onboard' } });
      // The grace period covers the drain.
      expect(deployment!.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(8);

      const selector = deployment!.spec.selector.matchLabels;
      expect(deployment!.spec.template.metadata.labels).toMatchObject(selector);
      const budget = named('PodDisruptionBudget', `onboard-${component}`);
      expect(budget?.spec.selector.matchLabels).toEqual(selector);
    }
  });

  it('scales the two API tiers by CPU and reaches them through Services the edge routes to', () => {
    for (const component of ['command-api', 'query-api']) {
      const hpa = named('HorizontalPodAutoscaler', `onboard-${component}`);
      expect(hpa?.spec.scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: `onboard-${component}`,
      });
      // The autoscaler owns the replica count.
      expect(named('Deployment', `onboard-${component}`)!.spec.replicas).toBeUndefined();
      const service = named('Service', `onboard-${component}`);
      expect(service?.spec.selector).toEqual(
        named('Deployment', `onboard-${component}`)!.spec.selector.matchLabels,
      );
    }
    expect(named('HorizontalPodAutoscaler', 'onboard-projections')).toBeUndefined();

    const edge = named('ConfigMap', 'onboard-edge')!.data!['default.conf']!;
    expect(edge).toContain('resolver kube-dns.kube-system.svc.cluster.local');
    expect(edge).toContain('set $query_api onboard-query-api.benefits.svc.cluster.local:3000;');
    expect(edge).toContain('set $command_api onboard-command-api.benefits.svc.cluster.local:3000;');
    expect(edge).toMatch(/^\s*listen 8080;$/m);
    expect(named('Ingress', 'onboard')?.spec.rules[0].host).toBe('onboard.carrier.example');
  });

  it('migrates once per release before the pods start, and holds no secret of its own', () => {
    const job = named('Job', 'onboard-migrate');
    expect(job?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(job?.spec.template.spec.containers[0].command).toEqual([
      'node',
      '--enable-source-maps',
      'platform/dist/cli/migrate.js',
    ]);
    expect(objects.some((o) => o.kind === 'Secret')).toBe(false);
    const settings = named('ConfigMap', 'onboard')!.data!;
    expect(settings).toMatchObject({
      PUBLIC_URL: 'https://onboard.carrier.example',
      KAFKA_BROKERS: 'kafka-0.kafka:9092,kafka-1.kafka:9092',
      DOCUMENTS_S3_BUCKET: 'onboard-documents',
    });
    expect(Object.keys(settings).some((k) => /SECRET|PASSWORD|DATABASE_URL/.test(k))).toBe(false);
  });

  it('refuses to render without the values it cannot do without, saying which', async () => {
    await expect(render()).rejects.toThrow(/publicUrl: where users reach Onboard/);
    await expect(
      render('--set', 'publicUrl=https://x.example', '--set', 'firstOwnerEmail=o@x.example'),
    ).rejects.toThrow(/kafka.brokers/);
  });
});
