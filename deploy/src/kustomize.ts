import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isObject, type Json, parseYaml, parseYamlDocuments, ROOT, readText } from './repo.ts';

/**
 * A small kustomize for the tests, since no kustomize runs from npm: it renders what k8s/ uses
 * (resources, components, inline `$patch: delete` patches, a namespace) and refuses anything else, so a
 * feature added to a kustomization cannot be silently ignored here. `kubectl kustomize` checks it.
 */
export interface K8sObject extends Json {
  apiVersion: string;
  kind: string;
  metadata: Json & { name: string; namespace?: string };
}

const KUSTOMIZATION_KEYS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'components', 'patches']);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
]);

/** Renders the kustomization in `dir` (relative to the repository), as an overlay would with `components`. */
export function renderKustomization(dir: string, components: readonly string[] = []): K8sObject[] {
  const own = readKustomization(dir, 'Kustomization');
  let objects = (own.resources ?? []).flatMap((entry) => loadResource(join(dir, entry)));
  for (const component of [...(own.components ?? []).map((c) => join(dir, c)), ...components]) {
    const spec = readKustomization(component, 'Component');
    objects.push(...(spec.resources ?? []).flatMap((entry) => loadResource(join(component, entry))));
    objects = applyPatches(objects, spec.patches ?? [], component);
    if (spec.namespace) objects = withNamespace(objects, spec.namespace);
  }
  objects = applyPatches(objects, own.patches ?? [], dir);
  return own.namespace ? withNamespace(objects, own.namespace) : objects;
}

/** One YAML file of manifests, checked to be Kubernetes objects. */
export function loadManifests(path: string): K8sObject[] {
  return parseYamlDocuments(readText(path), path).map((doc, i) => {
    if (
      !isObject(doc) ||
      typeof doc.apiVersion !== 'string' ||
      typeof doc.kind !== 'string' ||
      !isObject(doc.metadata) ||
      typeof doc.metadata.name !== 'string'
    ) {
      throw new Error(`${path} document ${i + 1}: not a Kubernetes object (apiVersion, kind, metadata.name)`);
    }
    return doc as K8sObject;
  });
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  components?: string[];
  patches?: { patch?: string; path?: string; target?: unknown }[];
}

function readKustomization(dir: string, kind: 'Kustomization' | 'Component'): Kustomization {
  const path = join(dir, 'kustomization.yaml');
  const doc = parseYaml(readText(path), path);
  if (!isObject(doc)) throw new Error(`${path}: not a mapping`);
  const unsupported = Object.keys(doc).filter((k) => !KUSTOMIZATION_KEYS.has(k));
  if (unsupported.length > 0) throw new Error(`${path}: the test renderer does not support ${unsupported}`);
  if ((doc.kind ?? 'Kustomization') !== kind) throw new Error(`${path}: expected kind ${kind}`);
  return doc as Kustomization;
}

function loadResource(path: string): K8sObject[] {
  if (statSync(join(ROOT, path)).isDirectory()) return renderKustomization(path);
  return loadManifests(path);
}

function applyPatches(
  objects: K8sObject[],
  patches: Kustomization['patches'] & {},
  dir: string,
): K8sObject[] {
  let result = objects;
  for (const entry of patches) {
    const patch = entry.patch === undefined ? undefined : parseYaml(entry.patch, `${dir} patch`);
    if (
      !isObject(patch) ||
      patch.$patch !== 'delete' ||
      entry.target !== undefined ||
      entry.path !== undefined
    ) {
      throw new Error(
        `${relative('.', dir)}: the test renderer supports only inline \`$patch: delete\` patches`,
      );
    }
    const metadata = isObject(patch.metadata) ? patch.metadata : {};
    const matches = (o: K8sObject) =>
      o.kind === patch.kind && o.apiVersion === patch.apiVersion && o.metadata.name === metadata.name;
    if (!result.some(matches))
      throw new Error(`${dir}: patch deletes ${patch.kind}/${metadata.name}, not found`);
    result = result.filter((o) => !matches(o));
  }
  return result;
}

function withNamespace(objects: K8sObject[], namespace: string): K8sObject[] {
  return objects.map((o) =>
    CLUSTER_SCOPED.has(o.kind) ? o : { ...o, metadata: { ...o.metadata, namespace } },
  );
}
