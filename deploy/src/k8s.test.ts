import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadConfig } from '@lifequest/platform';
import { afterAll, describe, expect, it } from 'vitest';
// The story queue's name is internal to ai; the KEDA trigger must name the list it fills, so read it.
import { STORY_QUEUE } from '../../services/ai/src/stories/job.ts';
import { type CallGraph, checkK8s, type K8sExpectations, validateK8sSchemas } from './k8s.ts';
import { type K8sObject, loadManifests, renderKustomization } from './kustomize.ts';
import { servicesBehindGateway } from './lifequest.ts';
import { parseYamlDocuments, ROOT } from './repo.ts';

const KEDA = 'k8s/components/keda-ai-worker';

/**
 * The synchronous calls between services that docs/architecture.md#synchronous-calls accepts, as the code makes them: auth asks
 * quests for the first quest; quests asks auth for XP totals after a toggle; ai (checking a story's
 * achievement, reading a quest to re-plan) and ai-worker (writing a story) read from quests; ai-worker
 * reads the hero's name; admin reads the scheduled jobs' last runs from quests and social; quests'
 * export job reads a hero's rows from auth, social and ai.
 */
const CALLS: CallGraph = {
  gateway: servicesBehindGateway(),
  auth: ['quests'],
  quests: ['auth', 'social', 'ai'],
  ai: ['quests'],
  'ai-worker': ['quests', 'auth'],
  admin: ['quests', 'social'],
};

const base = renderKustomization('k8s');
const withKeda = renderKustomization('k8s', [KEDA]);
const [secretTemplate] = loadManifests('k8s/secret.example.yaml');
const [kedaSecretTemplate] = loadManifests(`${KEDA}/secret.example.yaml`);

function configMapValue(objects: readonly K8sObject[], key: string): string | undefined {
  const configMap = objects.find((o) => o.kind === 'ConfigMap');
  return (configMap?.data as Record<string, string> | undefined)?.[key];
}

/** What the operator puts in the Secret instead of the template's placeholders. */
const secretValues = {
  INTERNAL_SECRET: randomBytes(32).toString('hex'),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: randomBytes(12).toString('hex'),
};

function expectations(objects: readonly K8sObject[], keda: boolean): K8sExpectations {
  const prefix = configMapValue(objects, 'INFRA_PREFIX') ?? loadConfig({}).infraPrefix;
  return {
    secretTemplate: secretTemplate!,
    secretValues,
    calls: CALLS,
    cpuAutoscaled: keda ? ['ai'] : ['ai', 'ai-worker'],
    // BullMQ keeps a queue's waiting jobs in the list `<prefix>:<queue>:wait` (keda-queue.test.ts).
    ...(keda ? { keda: { target: 'ai-worker', listName: `${prefix}:${STORY_QUEUE}:wait` } } : {}),
  };
}

function broken(mutate: (objects: K8sObject[]) => void, from: readonly K8sObject[] = base): K8sObject[] {
  const copy = structuredClone(from) as K8sObject[];
  mutate(copy);
  return copy;
}

function get(objects: K8sObject[], kind: string, name: string): any {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} not found`);
  return found;
}

describe('k8s/ (kustomize base)', () => {
  it('every manifest, and both Secret templates, match the Kubernetes schemas', () => {
    expect(base.length).toBeGreaterThan(20);
    expect(validateK8sSchemas([...base, secretTemplate!, kedaSecretTemplate!])).toEqual([]);
  });

  it('a Deployment and Service per target, locked down, probed, limited, configured to boot; the rest of the base', () => {
    expect(checkK8s(base, expectations(base, false))).toEqual([]);
  });

  it('the Secret template holds no usable secret: LifeQuest refuses its placeholders', () => {
    const data = secretTemplate!.stringData as Record<string, string>;
    expect(() => loadConfig({ ...data }, ['--target', 'gateway'])).toThrow(
      /INTERNAL_SECRET: is still the example/,
    );
    expect(data.ADMIN_PASSWORD).toBe('');
  });
});

describe('k8s/components/keda-ai-worker', () => {
  it('matches the schemas (KEDA CRDs included) and scales ai-worker on the BullMQ wait list instead of CPU', () => {
    expect(validateK8sSchemas(withKeda)).toEqual([]);
    expect(checkK8s(withKeda, expectations(withKeda, true))).toEqual([]);
    expect(withKeda.filter((o) => o.kind === 'HorizontalPodAutoscaler').map((o) => o.metadata.name)).toEqual([
      'ai',
    ]);
  });
});

describe('the k8s validators fail on broken manifests', () => {
  it('the schemas refuse a wrong type and a missing required field', () => {
    const problems = validateK8sSchemas(
      broken((objects) => {
        get(objects, 'Deployment', 'quests').spec.replicas = 'two';
        delete get(objects, 'Deployment', 'social').spec.template.spec.containers[0].name;
        get(objects, 'HorizontalPodAutoscaler', 'ai').spec.maxReplicas = '10';
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^Deployment\/quests: .*replicas must be integer/),
      expect.stringMatching(/^Deployment\/social: .*must have required property name/),
      expect.stringMatching(/^HorizontalPodAutoscaler\/ai: .*maxReplicas must be integer/),
    ]);
    expect(validateK8sSchemas([{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } }])).toEqual([
      'Pod/x: no schema for v1 Pod',
    ]);
  });

  it('a target without its Deployment or Service, a misspelt probe, a root container', () => {
    const problems = checkK8s(
      broken((objects) => {
        objects.splice(objects.indexOf(get(objects, 'Service', 'admin')), 1);
        objects.splice(objects.indexOf(get(objects, 'Deployment', 'social')), 1);
        const auth = get(objects, 'Deployment', 'auth').spec.template.spec;
        auth.containers[0].readinesProbe = auth.containers[0].readinessProbe;
        delete auth.containers[0].readinessProbe;
        auth.securityContext.runAsUser = 0;
        delete auth.containers[0].resources.limits;
      }),
      expectations(base, false),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'no Service for target admin',
        'no Deployment for target social',
        'Deployment/auth: readinessProbe must ask /readyz on the http port',
        'Deployment/auth: runs as root',
        'Deployment/auth: no cpu limits',
      ]),
    );
  });

  it('a variable the config does not know, a target that would not boot, a key the Secret lacks', () => {
    const problems = checkK8s(
      broken((objects) => {
        get(objects, 'ConfigMap', 'lifequest').data.JOB_CONCURENCY = '4';
        const ai = get(objects, 'Deployment', 'ai').spec.template.spec.containers[0];
        ai.env = ai.env.filter((e: { name: string }) => e.name !== 'REDIS_URL');
        get(objects, 'Deployment', 'quests').spec.template.spec.containers[0].env.push({
          name: 'SENTRY_DSN',
          valueFrom: { secretKeyRef: { name: 'lifequest', key: 'SENTRY_DSN' } },
        });
      }),
      expectations(base, false),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'Deployment/gateway: JOB_CONCURENCY is not a LifeQuest configuration variable',
        expect.stringMatching(/^Deployment\/ai: would not boot: [\s\S]*REDIS_URL: required/),
        'Deployment/quests: SENTRY_DSN reads lifequest/SENTRY_DSN, which the Secret template lacks',
        'Deployment/quests: SENTRY_DSN is not a LifeQuest configuration variable',
      ]),
    );
  });

  it('a NetworkPolicy that opens a service to another, or a service to the world, and an Ingress past the gateway', () => {
    const problems = checkK8s(
      broken((objects) => {
        get(objects, 'NetworkPolicy', 'social').spec.ingress[0].from.push({
          podSelector: { matchLabels: { 'app.kubernetes.io/component': 'ai' } },
        });
        delete get(objects, 'NetworkPolicy', 'admin').spec.ingress[0].from;
        get(objects, 'Ingress', 'lifequest').spec.rules[0].http.paths.push({
          path: '/metrics',
          pathType: 'Prefix',
          backend: { service: { name: 'quests', port: { name: 'http' } } },
        });
      }),
      expectations(base, false),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'NetworkPolicy: ai can reach social, but must not',
        'NetworkPolicy: outside can reach admin, but must not',
        'Ingress/lifequest: must lead to the gateway only',
      ]),
    );
    const closed = checkK8s(
      broken((objects) => {
        const quests = get(objects, 'NetworkPolicy', 'quests').spec.ingress[0];
        quests.from = quests.from.filter(
          (p: any) => p.podSelector.matchLabels['app.kubernetes.io/component'] !== 'auth',
        );
        objects.splice(objects.indexOf(get(objects, 'NetworkPolicy', 'default-deny-ingress')), 1);
      }),
      expectations(base, false),
    );
    expect(closed).toEqual(
      expect.arrayContaining([
        'NetworkPolicy: auth cannot reach quests, but must',
        'NetworkPolicy: outside can reach ai-worker, but must not',
      ]),
    );
  });

  it('a missing autoscaler, a wrong KEDA list, and an HPA left beside the ScaledObject', () => {
    const noHpa = broken((objects) => {
      objects.splice(objects.indexOf(get(objects, 'HorizontalPodAutoscaler', 'ai-worker')), 1);
    });
    expect(checkK8s(noHpa, expectations(base, false))).toContain(
      'no HorizontalPodAutoscaler scales ai-worker on CPU',
    );
    const wrongList = broken((objects) => {
      get(objects, 'ScaledObject', 'ai-worker').spec.triggers[0].metadata.listName = 'bull:ai-stories:wait';
      objects.push(get(base as K8sObject[], 'HorizontalPodAutoscaler', 'ai-worker'));
    }, withKeda);
    expect(checkK8s(wrongList, expectations(withKeda, true))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^ScaledObject\/ai-worker: must watch the Redis list lifequest:ai-stories:wait/,
        ),
        'ai-worker has both a HorizontalPodAutoscaler and a ScaledObject',
      ]),
    );
  });

  it('the migration Job running something else', () => {
    const problems = checkK8s(
      broken((objects) => {
        get(objects, 'Job', 'lifequest-migrate').spec.template.spec.containers[0].args = ['app/src/main.ts'];
      }),
      expectations(base, false),
    );
    expect(problems).toContain('expected one Job running app/src/migrate.ts');
  });
});

// kubectl is not needed (the renderer above stands in for it), but where it is installed, its own
// kustomize must render exactly what the tests checked.
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
const overlay = mkdtempSync(join(tmpdir(), 'lq-kustomize-'));
afterAll(() => rmSync(overlay, { recursive: true, force: true }));

describe.skipIf(!kubectl)('kubectl kustomize (where kubectl is installed)', () => {
  const render = (dir: string) => {
    const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`kubectl kustomize ${dir}: ${result.stderr}`);
    return parseYamlDocuments(result.stdout, `kubectl kustomize ${dir}`) as K8sObject[];
  };
  const sorted = (objects: readonly K8sObject[]) =>
    [...objects].sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));

  it('renders the base as the tests did', () => {
    expect(sorted(render(join(ROOT, 'k8s')))).toEqual(sorted(base));
  });

  it('renders an overlay with the KEDA component as the tests did', () => {
    const root = relative(overlay, ROOT);
    writeFileSync(
      join(overlay, 'kustomization.yaml'),
      `resources: [${join(root, 'k8s')}]\ncomponents: [${join(root, KEDA)}]\n`,
    );
    expect(sorted(render(overlay))).toEqual(sorted(withKeda));
  });
});
