/**
 * deploy/kubernetes (DESIGN.md §19): every object, as written and as `kubectl kustomize` renders the
 * base and the production overlay, is checked against its schema (kubernetes-models,
 * @kubernetes-models/keda), and the rules the cluster relies on hold: probes on /api/ready and
 * /api/live, non-root with a read-only root filesystem, requests and limits, 30 s to drain, secrets
 * only by reference, the autoscalers pointing at what exists, KEDA reading the generation queue's
 * real key. kubectl missing is a failure, not a skip.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, Namespace, Service, ServiceAccount } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { createQueue, createLogger, generationJob } from '@gl/core/server';
import { REPO_ROOT } from '../helpers/process';
import { TEST_REDIS_URL } from '../helpers/redis';

const DIR = path.join(REPO_ROOT, 'deploy/kubernetes');
const KUBECTL = '/usr/bin/kubectl';

type Obj = Record<string, any>;

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

function parseYaml(text: string, where: string): Obj[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length) throw new Error(`${where}: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as Obj | null;
    return value ? [value] : [];
  });
}

/** Every object's schema check; the error names the object and what is wrong. */
function validate(objects: Obj[], where: string): void {
  for (const o of objects) {
    const key = `${o.apiVersion}/${o.kind}`;
    const Model = MODELS[key];
    expect(Model, `${where}: ${key} ${o.metadata?.name} has no schema here: add its model`).toBeDefined();
    try {
      new Model!(o as never).validate();
    } catch (err) {
      throw new Error(`${where}: ${key} ${o.metadata?.name} is invalid: ${(err as Error).message}`);
    }
  }
}

function kustomize(dir: string): Obj[] {
  try {
    accessSync(KUBECTL, constants.X_OK);
  } catch {
    throw new Error(`${KUBECTL} is missing: this test renders the manifests with kubectl kustomize`);
  }
  return parseYaml(execFileSync(KUBECTL, ['kustomize', path.join(DIR, dir)], { encoding: 'utf8' }), dir);
}

const byKind = (objects: Obj[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: Obj[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  expect(found, `${kind} ${name}`).toBeDefined();
  return found!;
};
const podSpecs = (objects: Obj[]) =>
  [...byKind(objects, 'Deployment'), ...byKind(objects, 'Job')].map((o) => ({
    name: `${o.kind} ${o.metadata.name}`,
    pod: o.spec.template,
  }));
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** Variable names the configuration reads (core/src/platform/config.ts): a manifest naming another is a typo. */
const CONFIG_VARIABLES = new Set(
  [...readFileSync(path.join(REPO_ROOT, 'core/src/platform/config.ts'), 'utf8').matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!),
);
/** Values that are secrets: never written inline, only read from a Secret. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY$|PASSKEY|DATABASE_URL|DATABASE_MIGRATION_URL|REDIS_URL|SMTP_URL|CLIENT_ID|WEBHOOK_ID/;

const queue = createQueue(generationJob.queue, {
  connection: { host: new URL(TEST_REDIS_URL).hostname, port: Number(new URL(TEST_REDIS_URL).port || 6379) },
  prefix: 'gl',
  logger: createLogger('silent'),
});
afterAll(() => queue.close());

describe('deploy/kubernetes as written', () => {
  it('every object of base/ and alternatives/ is valid against its schema', () => {
    let count = 0;
    for (const dir of ['base', 'alternatives']) {
      for (const file of readdirSync(path.join(DIR, dir)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')) {
        const objects = parseYaml(readFileSync(path.join(DIR, dir, file), 'utf8'), `${dir}/${file}`);
        validate(objects, `${dir}/${file}`);
        count += objects.length;
      }
    }
    expect(count).toBeGreaterThanOrEqual(12);
  });

  it('the schema check does catch a broken object (a memory limit that is not a quantity)', () => {
    const [api] = parseYaml(readFileSync(path.join(DIR, 'base/api-deployment.yaml'), 'utf8'), 'api');
    api!.spec.template.spec.containers[0].resources.limits.memory = { too: 'much' };
    expect(() => validate([api!], 'broken')).toThrow(/memory/);
  });
});

describe.each(['base', 'overlays/production'])('kubectl kustomize %s', (dir) => {
  const objects = kustomize(dir);

  it('renders the api, the worker, their autoscalers and budgets, the migration Job and the Ingress, all valid', () => {
    validate(objects, dir);
    for (const [kind, name] of [
      ['Deployment', 'genius-lines-api'],
      ['Deployment', 'genius-lines-worker'],
      ['Service', 'genius-lines-api'],
      ['HorizontalPodAutoscaler', 'genius-lines-api'],
      ['PodDisruptionBudget', 'genius-lines-api'],
      ['PodDisruptionBudget', 'genius-lines-worker'],
      ['ScaledObject', 'genius-lines-worker'],
      ['TriggerAuthentication', 'genius-lines-redis'],
      ['Job', 'genius-lines-migrate'],
      ['Ingress', 'genius-lines'],
      ['ConfigMap', 'genius-lines-config'],
    ])
      named(objects, kind!, name!);
    expect(byKind(objects, 'Secret')).toEqual([]);
  });

  it('probes: api ready on /api/ready and live on /api/live, the worker live on /livez; 30 s to drain', () => {
    const api = named(objects, 'Deployment', 'genius-lines-api').spec.template.spec;
    const c = api.containers[0];
    expect(c.readinessProbe.httpGet.path).toBe('/api/ready');
    expect(c.livenessProbe.httpGet.path).toBe('/api/live');
    expect(c.ports.find((p: Obj) => p.name === c.readinessProbe.httpGet.port)?.containerPort).toBe(3000);
    const worker = named(objects, 'Deployment', 'genius-lines-worker').spec.template.spec;
    expect(worker.containers[0].livenessProbe.httpGet.path).toBe('/livez');
    for (const { name, pod } of podSpecs(objects)) expect(pod.spec.terminationGracePeriodSeconds, name).toBe(30);
  });

  it('every pod: non-root, read-only root filesystem with an emptyDir /tmp, no privilege, requests and limits', () => {
    for (const { name, pod } of podSpecs(objects)) {
      expect(pod.spec.securityContext.runAsNonRoot, name).toBe(true);
      expect(pod.spec.securityContext.runAsUser, name).toBeGreaterThan(0);
      expect(pod.spec.automountServiceAccountToken, name).toBe(false);
      const tmp = pod.spec.volumes.find((v: Obj) => v.name === 'tmp');
      expect(tmp?.emptyDir, name).toBeDefined();
      for (const c of pod.spec.containers) {
        expect(c.securityContext, name).toMatchObject({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(c.volumeMounts.find((m: Obj) => m.name === 'tmp')?.mountPath, name).toBe('/tmp');
        for (const bound of ['requests', 'limits']) {
          expect(c.resources[bound].cpu, `${name} ${bound}.cpu`).toBeTruthy();
          expect(c.resources[bound].memory, `${name} ${bound}.memory`).toMatch(/^\d+Mi$/);
        }
        expect(parseInt(c.resources.limits.memory, 10)).toBeGreaterThanOrEqual(parseInt(c.resources.requests.memory, 10));
      }
    }
    // Above what the processes were measured to use (README: api up to 186 MB, worker 141 MB).
    const mem = (n: string) => parseInt(named(objects, 'Deployment', n).spec.template.spec.containers[0].resources.limits.memory, 10);
    expect(mem('genius-lines-api')).toBeGreaterThan(186);
    expect(mem('genius-lines-worker')).toBeGreaterThan(141);
  });

  it('secrets only by reference: no secret value inline, every variable one the configuration knows', () => {
    const config = named(objects, 'ConfigMap', 'genius-lines-config');
    for (const key of Object.keys(config.data)) {
      expect(CONFIG_VARIABLES.has(key), `ConfigMap key ${key} is not a configuration variable`).toBe(true);
      expect(SECRET_NAME.test(key), `ConfigMap holds the secret ${key}`).toBe(false);
    }
    for (const { name, pod } of podSpecs(objects)) {
      for (const c of pod.spec.containers) {
        expect(
          c.envFrom.every((e: Obj) => e.configMapRef && !e.secretRef),
          name,
        ).toBe(true);
        for (const e of c.env) {
          expect(CONFIG_VARIABLES.has(e.name), `${name}: ${e.name} is not a configuration variable`).toBe(true);
          if (SECRET_NAME.test(e.name)) {
            expect(e.value, `${name}: ${e.name} written inline`).toBeUndefined();
            expect(e.valueFrom?.secretKeyRef, `${name}: ${e.name} not from a Secret`).toMatchObject({
              name: 'genius-lines-secrets',
              key: e.name,
            });
          }
        }
      }
    }
    const auth = named(objects, 'TriggerAuthentication', 'genius-lines-redis');
    for (const ref of auth.spec.secretTargetRef) expect(ref.name).toBe('genius-lines-secrets');
  });

  it('the migration Job runs migrate.js from the api image; the Service, Ingress, HPA and budgets reach the pods', () => {
    const api = named(objects, 'Deployment', 'genius-lines-api');
    const job = named(objects, 'Job', 'genius-lines-migrate').spec.template.spec;
    expect(job.restartPolicy).toBe('Never');
    expect(job.containers[0].command.at(-1)).toBe('server/dist/migrate.js');
    expect(job.containers[0].image).toBe(api.spec.template.spec.containers[0].image);
    expect(job.containers[0].env.map((e: Obj) => e.name)).toEqual(expect.arrayContaining(['DATABASE_URL', 'DATABASE_MIGRATION_URL']));

    const labels = api.spec.template.metadata.labels;
    const service = named(objects, 'Service', 'genius-lines-api');
    expect(matches(service.spec.selector, labels)).toBe(true);
    expect(matches(named(objects, 'PodDisruptionBudget', 'genius-lines-api').spec.selector.matchLabels, labels)).toBe(true);
    const workerLabels = named(objects, 'Deployment', 'genius-lines-worker').spec.template.metadata.labels;
    expect(matches(named(objects, 'PodDisruptionBudget', 'genius-lines-worker').spec.selector.matchLabels, workerLabels)).toBe(true);
    expect(matches(named(objects, 'PodDisruptionBudget', 'genius-lines-api').spec.selector.matchLabels, workerLabels)).toBe(false);

    const hpa = named(objects, 'HorizontalPodAutoscaler', 'genius-lines-api').spec;
    expect(hpa.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'genius-lines-api' });
    expect(hpa.metrics[0].resource.name).toBe('cpu');

    const ingress = named(objects, 'Ingress', 'genius-lines');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe(service.metadata.name);
    expect(service.spec.ports.map((p: Obj) => p.name)).toContain(backend.port.name);
    // Socket.IO: long-polling sessions stick to their pod; WebSockets stay open past nginx's 60 s default.
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    expect(Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(60);
  });

  it("KEDA scales the worker Deployment on the generation queue's waiting list, the key BullMQ really uses", () => {
    const scaled = named(objects, 'ScaledObject', 'genius-lines-worker').spec;
    expect(scaled.scaleTargetRef.name).toBe('genius-lines-worker');
    expect(scaled.minReplicaCount).toBeGreaterThanOrEqual(1);
    const prefix = named(objects, 'ConfigMap', 'genius-lines-config').data.REDIS_PREFIX;
    expect(prefix).toBe('gl');
    for (const trigger of scaled.triggers) {
      expect(['redis', 'redis-sentinel']).toContain(trigger.type);
      expect(trigger.metadata.listName).toBe(queue.keys.wait);
      expect(trigger.authenticationRef.name).toBe('genius-lines-redis');
    }
  });
});

describe('the production overlay', () => {
  const objects = kustomize('overlays/production');

  it('puts everything in its namespace (restricted), pins the images, and uses Sentinel for the app and KEDA', () => {
    const ns = named(objects, 'Namespace', 'genius-lines');
    expect(ns.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const o of objects.filter((x) => x.kind !== 'Namespace'))
      expect(o.metadata.namespace, `${o.kind} ${o.metadata.name}`).toBe('genius-lines');
    for (const { name, pod } of podSpecs(objects)) for (const c of pod.spec.containers) expect(c.image, name).toMatch(/:\d+\.\d+\.\d+$/);
    const config = named(objects, 'ConfigMap', 'genius-lines-config').data;
    expect(config.REDIS_SENTINELS.split(',')).toHaveLength(3);
    expect(config.PUBLIC_URL).toMatch(/^https:\/\//);
    const trigger = named(objects, 'ScaledObject', 'genius-lines-worker').spec.triggers[0];
    expect(trigger.type).toBe('redis-sentinel');
    expect(trigger.metadata.addresses.split(',').map((a: string) => a.trim())).toEqual(config.REDIS_SENTINELS.split(','));
    expect(trigger.metadata.sentinelMaster).toBe(config.REDIS_SENTINEL_NAME);
    const params = named(objects, 'TriggerAuthentication', 'genius-lines-redis').spec.secretTargetRef.map((r: Obj) => r.parameter);
    expect(params).toEqual(['password', 'sentinelPassword']);
    expect(named(objects, 'Ingress', 'genius-lines').spec.tls[0].hosts).toEqual([new URL(config.PUBLIC_URL).hostname]);
  });
});
