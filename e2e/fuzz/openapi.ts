// The routes to fuzz, read from the running app's OpenAPI documents: the gateway's (its own routes and
// the prefixes it proxies) and each service's behind it, kept to the paths the gateway routes. A service
// that gains routes (social, admin) is fuzzed as soon as its document lists them.

export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for path parameters. */
  path: string;
  /** Which document listed it (`gateway`, or the service's name). */
  source: string;
  params: Parameter[];
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: RequestBody }>>;
}
interface RequestBody {
  content?: Record<string, { schema?: JsonSchema }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every public operation: the gateway's own, and the services' under /api (what the gateway proxies).
 * The gateway's proxy entries (`/api/goals/{*}`) come back as `prefixes` for path abuse.
 */
export async function loadOperations(
  gatewayUrl: string,
  serviceUrls: Record<string, string | undefined>,
): Promise<{ operations: Operation[]; prefixes: string[] }> {
  const operations = new Map<string, Operation>();
  const prefixes = new Set<string>();
  const sources: [string, string][] = [['gateway', gatewayUrl]];
  for (const [name, url] of Object.entries(serviceUrls)) if (url) sources.push([name, url]);
  for (const [source, url] of sources) {
    const res = await fetch(`${url}/openapi.json`);
    if (!res.ok) throw new Error(`${source}: GET /openapi.json answered ${res.status}`);
    const doc = (await res.json()) as OpenApiDocument;
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (!path.startsWith('/api/')) continue;
      if (path.includes('{*}') || path.endsWith('/')) {
        prefixes.add(path.replace(/\/(\{\*\})?$/, ''));
        continue;
      }
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        const key = `${method.toUpperCase()} ${path}`;
        if (operations.has(key)) continue;
        operations.set(key, {
          method: method.toUpperCase(),
          path,
          source,
          params: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema,
        });
      }
    }
  }
  return { operations: [...operations.values()], prefixes: [...prefixes] };
}
