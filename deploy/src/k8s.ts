import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import type { K8sObject } from './kustomize.ts';
import { configProblems, deployedTargets, ENTRYPOINT, MIGRATE_COMMAND, urlVariables } from './lifequest.ts';
import { isObject, type Json } from './repo.ts';

type Model = new (data: never) => { validate(): void };

/** The Kubernetes (and KEDA) OpenAPI schemas, as compiled by kubernetes-models, for every kind we ship. */
const MODELS: Record<string, Model> = {
  'v1 Namespace': Namespace,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'apps/v1 Deployment': Deployment,
  'batch/v1 Job': Job,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1 Ingress': Ingress,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'keda.sh/v1alpha1 ScaledObject': ScaledObject,
  'keda.sh/v1alpha1 TriggerAuthentication': TriggerAuthentication,
};

function id(o: K8sObject): string {
  return `${o.kind}/${o.metadata.name}`;
}

/**
 * Each object against its kind's schema (types, required fields, enums). Unknown fields are not
 * reported by these schemas; the checks below look for the fields that matter by name.
 */
export function validateK8sSchemas(objects: readonly K8sObject[]): string[] {
  return objects.flatMap((o) => {
    const model = MODELS[`${o.apiVersion} ${o.kind}`];
    if (!model) return [`${id(o)}: no schema for ${o.apiVersion} ${o.kind}`];
    try {
      new model(o as never).validate();
      return [];
    } catch (error) {
      return [`${id(o)}: ${error instanceof Error ? error.message : String(error)}`];
    }
  });
}

/** Who may call whom inside the namespace (the gateway included). */
export type CallGraph = Readonly<Record<string, readonly string[]>>;

export interface K8sExpectations {
  /** The Secret the operator creates, from its template: the keys the manifests may reference. */
  secretTemplate: K8sObject;
  /** Values standing in for the template's placeholders when checking that each target boots. */
  secretValues: Readonly<Record<string, string>>;
  /** Internal calls the NetworkPolicies must allow (and no others). */
  calls: CallGraph;
  /** Targets scaled on CPU by a HorizontalPodAutoscaler. */
  cpuAutoscaled: readonly string[];
  /** With the KEDA component: the target and the Redis list its ScaledObject must watch. */
  keda?: { target: string; listName: string };
}

type Container = Json & {
  name: string;
  args?: string[];
  env?: (Json & { name: string; value?: string; valueFrom?: Json })[];
  envFrom?: Json[];
  ports?: { name?: string; containerPort: number }[];
};
type PodSpec = Json & { containers: Container[]; securityContext?: Json };

function podSpec(o: K8sObject): { labels: Record<string, string>; spec: PodSpec } | undefined {
  const template = isObject(o.spec) && isObject(o.spec.template) ? o.spec.template : undefined;
  if (!template || !isObject(template.spec)) return undefined;
  const labels =
    isObject(template.metadata) && isObject(template.metadata.labels) ? template.metadata.labels : {};
  return { labels: labels as Record<string, string>, spec: template.spec as PodSpec };
}

function selects(selector: unknown, labels: Record<string, string>): boolean {
  if (!isObject(selector)) return false;
  const matchLabels = isObject(selector.matchLabels) ? selector.matchLabels : {};
  if (!Object.entries(matchLabels).every(([k, v]) => labels[k] === v)) return false;
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  return expressions.every((e: { key: string; operator: string; values?: string[] }) => {
    const has = e.key in labels;
    const value = labels[e.key];
    if (e.operator === 'In') return has && (e.values ?? []).includes(value!);
    if (e.operator === 'NotIn') return !has || !(e.values ?? []).includes(value!);
    if (e.operator === 'Exists') return has;
    if (e.operator === 'DoesNotExist') return !has;
    return false;
  });
}

/**
 * What the manifests must do beyond matching the schemas: a Deployment and a Service per target from
 * the one image, probes, resources, a non-root locked-down pod, only known variables and a config each
 * target boots with, the Ingress to the gateway only, NetworkPolicies that allow exactly the gateway's
 * and the accepted internal calls, autoscalers, disruption budgets and the migration Job.
 */
export function checkK8s(objects: readonly K8sObject[], expect: K8sExpectations): string[] {
  const problems: string[] = [];
  const find = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name);
  const all = (kind: string) => objects.filter((o) => o.kind === kind);
  const targets = deployedTargets();
  const images = new Set<string>();

  const namespaces = new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace));
  const [namespace] = namespaces;
  if (namespaces.size !== 1 || !namespace)
    problems.push(`every object must be in one namespace, not ${[...namespaces]}`);
  else if (!find('Namespace', namespace)) problems.push(`no Namespace ${namespace}`);

  const checkPod = (where: string, spec: PodSpec, container: Container) => {
    const pod = spec.securityContext ?? {};
    const sc = (container.securityContext ?? {}) as Json;
    if (pod.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot must be true`);
    if (pod.runAsUser === 0 || sc.runAsUser === 0) problems.push(`${where}: runs as root`);
    if (sc.allowPrivilegeEscalation !== false)
      problems.push(`${where}: allowPrivilegeEscalation must be false`);
    if (sc.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem must be true`);
    const drop = isObject(sc.capabilities) && Array.isArray(sc.capabilities.drop) ? sc.capabilities.drop : [];
    if (!drop.includes('ALL')) problems.push(`${where}: must drop ALL capabilities`);
    const seccomp = (isObject(sc.seccompProfile) ? sc.seccompProfile : pod.seccompProfile) as
      | Json
      | undefined;
    if (seccomp?.type !== 'RuntimeDefault') problems.push(`${where}: seccompProfile must be RuntimeDefault`);
    const resources = (container.resources ?? {}) as Record<string, Json | undefined>;
    for (const kind of ['requests', 'limits'])
      for (const resource of ['cpu', 'memory'])
        if (resources[kind]?.[resource] === undefined) problems.push(`${where}: no ${resource} ${kind}`);
    images.add(String(container.image));
  };

  const environment = (where: string, container: Container): Record<string, string> => {
    const env: Record<string, string> = {};
    for (const source of container.envFrom ?? []) {
      const ref = isObject(source.configMapRef) ? source.configMapRef : undefined;
      const configMap = ref && find('ConfigMap', String(ref.name));
      if (!configMap) {
        problems.push(`${where}: envFrom must name a ConfigMap of this kustomization`);
        continue;
      }
      Object.assign(env, configMap.data);
    }
    const secretData = (expect.secretTemplate.stringData ?? {}) as Record<string, string>;
    for (const variable of container.env ?? []) {
      const secretRef = isObject(variable.valueFrom) ? variable.valueFrom.secretKeyRef : undefined;
      if (variable.value !== undefined) env[variable.name] = variable.value;
      else if (isObject(secretRef)) {
        const key = String(secretRef.key);
        if (secretRef.name !== expect.secretTemplate.metadata.name || !(key in secretData))
          problems.push(
            `${where}: ${variable.name} reads ${secretRef.name}/${key}, which the Secret template lacks`,
          );
        env[variable.name] = expect.secretValues[key] ?? secretData[key] ?? '';
      } else problems.push(`${where}: ${variable.name} has neither a value nor a secretKeyRef`);
    }
    return env;
  };

  const servicePorts = new Map<string, number>();
  for (const { name: target, port: defaultPort } of targets) {
    const deployment = find('Deployment', target);
    const pod = deployment && podSpec(deployment);
    if (!pod) {
      problems.push(`no Deployment for target ${target}`);
      continue;
    }
    const where = `Deployment/${target}`;
    const [container, ...others] = pod.spec.containers;
    if (!container || others.length > 0) {
      problems.push(`${where}: expected one container`);
      continue;
    }
    if ((container.args ?? []).join(' ') !== `${ENTRYPOINT} --target ${target}`)
      problems.push(`${where}: must run ${ENTRYPOINT} --target ${target}`);
    checkPod(where, pod.spec, container);
    const env = environment(where, container);
    problems.push(...configProblems(where, env, container.args?.slice(1) ?? []));

    const http = (container.ports ?? []).find((p) => p.name === 'http');
    const listens = Number(env.PORT ?? defaultPort);
    if (!http || http.containerPort !== listens)
      problems.push(`${where}: the port named http must be the one it listens on (${listens})`);
    const probes = container as Record<string, Json | undefined>;
    for (const [probe, path] of [
      ['readinessProbe', '/readyz'],
      ['livenessProbe', '/healthz'],
    ] as const) {
      const get = probes[probe]?.httpGet as Json | undefined;
      if (get?.path !== path || !(get.port === 'http' || get.port === listens))
        problems.push(`${where}: ${probe} must ask ${path} on the http port`);
    }

    const service = find('Service', target);
    const spec = service && isObject(service.spec) ? service.spec : undefined;
    if (!spec) problems.push(`no Service for target ${target}`);
    else {
      if (!selects({ matchLabels: spec.selector }, pod.labels) || !isObject(spec.selector))
        problems.push(`Service/${target}: its selector does not match the Deployment's pods`);
      const port = (spec.ports as Json[] | undefined)?.find(
        (p) => p.targetPort === 'http' || p.targetPort === listens,
      );
      if (!port) problems.push(`Service/${target}: no port to the http port`);
      else servicePorts.set(target, Number(port.port));
    }
    if (!all('PodDisruptionBudget').some((b) => isObject(b.spec) && selects(b.spec.selector, pod.labels)))
      problems.push(`no PodDisruptionBudget for target ${target}`);
  }
  if (images.size > 1) problems.push(`one image for every target, not ${[...images]}`);

  for (const configMap of all('ConfigMap')) {
    for (const [key, value] of Object.entries((configMap.data ?? {}) as Record<string, string>)) {
      const target = urlVariables().get(key);
      if (!target || !servicePorts.has(target)) continue;
      if (value !== `http://${target}:${servicePorts.get(target)}`)
        problems.push(
          `ConfigMap/${configMap.metadata.name}: ${key}=${value}, but Service/${target} is on ${servicePorts.get(target)}`,
        );
    }
  }

  const jobs = all('Job').filter((j) => podSpec(j)?.spec.containers[0]?.args?.[0] === MIGRATE_COMMAND);
  if (jobs.length !== 1) problems.push(`expected one Job running ${MIGRATE_COMMAND}`);
  for (const job of jobs) {
    const { spec } = podSpec(job)!;
    const where = `Job/${job.metadata.name}`;
    if (!['Never', 'OnFailure'].includes(String(spec.restartPolicy)))
      problems.push(`${where}: restartPolicy must be Never or OnFailure`);
    checkPod(where, spec, spec.containers[0]!);
    const env = environment(where, spec.containers[0]!);
    problems.push(...configProblems(where, env, []));
    if (!env.DATABASE_URL) problems.push(`${where}: no DATABASE_URL`);
  }

  for (const ingress of all('Ingress')) {
    const backends = JSON.stringify(ingress.spec).match(/"service":\{"name":"[^"]+"/g) ?? [];
    if (backends.length === 0 || backends.some((b) => !b.endsWith('"gateway"')))
      problems.push(`Ingress/${ingress.metadata.name}: must lead to the gateway only`);
  }
  if (all('Ingress').length === 0) problems.push('no Ingress to the gateway');

  problems.push(...checkNetworkPolicies(objects, expect.calls));

  const autoscalers = all('HorizontalPodAutoscaler');
  const scaledOnCpu = (target: string) =>
    autoscalers.some((h) => {
      const spec = h.spec as Json;
      const ref = spec.scaleTargetRef as Json;
      return (
        ref.kind === 'Deployment' &&
        ref.name === target &&
        JSON.stringify(spec.metrics).includes('"resource":{"name":"cpu"')
      );
    });
  for (const target of expect.cpuAutoscaled)
    if (!scaledOnCpu(target)) problems.push(`no HorizontalPodAutoscaler scales ${target} on CPU`);

  const scaledObjects = all('ScaledObject');
  if (expect.keda) {
    const { target, listName } = expect.keda;
    const scaled = scaledObjects.find(
      (s) => (s.spec as Json)?.scaleTargetRef && ((s.spec as Json).scaleTargetRef as Json).name === target,
    );
    if (!scaled) problems.push(`no ScaledObject scales ${target}`);
    else {
      const triggers = ((scaled.spec as Json).triggers ?? []) as Json[];
      const redis = triggers.find((t) => t.type === 'redis');
      const metadata = (redis?.metadata ?? {}) as Json;
      if (metadata.listName !== listName)
        problems.push(
          `ScaledObject/${scaled.metadata.name}: must watch the Redis list ${listName}, not ${metadata.listName}`,
        );
      const auth = isObject(redis?.authenticationRef) ? redis.authenticationRef.name : undefined;
      if (auth !== undefined && !find('TriggerAuthentication', String(auth)))
        problems.push(`ScaledObject/${scaled.metadata.name}: no TriggerAuthentication ${auth}`);
    }
    if (autoscalers.some((h) => ((h.spec as Json).scaleTargetRef as Json).name === target))
      problems.push(`${target} has both a HorizontalPodAutoscaler and a ScaledObject`);
  } else if (scaledObjects.length > 0) problems.push('ScaledObjects belong in the KEDA component only');

  for (const name of ['postgres', 'rabbitmq', 'redis']) {
    const service = find('Service', name);
    if (!service || (service.spec as Json)?.type !== 'ExternalName')
      problems.push(`no ExternalName Service ${name} for the external ${name}`);
  }
  return problems;
}

/**
 * Who can reach each target under the NetworkPolicies (Kubernetes semantics: a pod no Ingress policy
 * selects takes traffic from anyone; otherwise what some rule allows on its port), compared with the
 * expected: from outside only the gateway, inside only the gateway's calls and `calls`.
 */
function checkNetworkPolicies(objects: readonly K8sObject[], calls: CallGraph): string[] {
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  const pods = new Map<string, Record<string, string>>();
  const httpPorts = new Map<string, number | undefined>();
  for (const d of objects.filter((o) => o.kind === 'Deployment')) {
    const pod = podSpec(d);
    if (!pod) continue;
    pods.set(d.metadata.name, pod.labels);
    const http = pod.spec.containers[0]?.ports?.find((p) => p.name === 'http');
    httpPorts.set(d.metadata.name, http?.containerPort);
  }
  const OUTSIDE = 'outside';
  const allowed = (source: string, dest: string): boolean => {
    const labels = pods.get(dest)!;
    const applying = policies.filter((p) => {
      const spec = p.spec as Json;
      const types = (spec.policyTypes as string[] | undefined) ?? ['Ingress'];
      return types.includes('Ingress') && selects(spec.podSelector, labels);
    });
    if (applying.length === 0) return true;
    return applying.some((p) =>
      (((p.spec as Json).ingress ?? []) as Json[]).some((rule) => {
        const ports = rule.ports as Json[] | undefined;
        if (ports && !ports.some((port) => port.port === 'http' || port.port === httpPorts.get(dest)))
          return false;
        const from = rule.from as Json[] | undefined;
        if (!from || from.length === 0) return true;
        return from.some((peer) => {
          if (source === OUTSIDE) return peer.namespaceSelector !== undefined || peer.ipBlock !== undefined;
          if (peer.ipBlock !== undefined) return false;
          return peer.podSelector !== undefined && selects(peer.podSelector, pods.get(source)!);
        });
      }),
    );
  };
  const problems: string[] = [];
  const names = [...pods.keys()];
  for (const dest of names) {
    for (const source of [OUTSIDE, ...names]) {
      if (source === dest) continue;
      // The gateway is public (so pods may reach it too); every other target only from its callers.
      const expected = dest === 'gateway' || (source !== OUTSIDE && (calls[source] ?? []).includes(dest));
      const actual = allowed(source, dest);
      if (actual !== expected)
        problems.push(
          `NetworkPolicy: ${source} ${actual ? 'can' : 'cannot'} reach ${dest}, but ${expected ? 'must' : 'must not'}`,
        );
    }
  }
  return problems;
}
