import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';

// Values for a JSON schema (as the services' OpenAPI documents give them, zod-generated), mostly valid so
// requests reach the handlers, small so a run stays fast. Boundaries and abuse are the mutations' job.

const MAX_DEPTH = 6;

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > MAX_DEPTH) return fc.constant(null);
  const base = baseValue(schema, depth);
  const nullable = schema.nullable || types(schema).includes('null');
  return nullable
    ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
    : base;
}

function baseValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => valueFor(choice, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return valueFor(schema.allOf[0], depth + 1);
  const type = types(schema).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: bound(schema.minimum, -1_000), max: bound(schema.maximum, 1_000) });
    case 'number':
      return fc.double({
        min: bound(schema.minimum, -1e6),
        max: bound(schema.maximum, 1e6),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectFor(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function bound(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = valueFor(property, depth + 1);
  return fc.record(model, { requiredKeys: [...required].filter((key) => key in properties) });
}

const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date':
      // Mostly near today: plan and goal dates must not lie in the past.
      return fc.oneof(
        fc
          .integer({ min: 0, max: 400 })
          .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
        isoDate,
      );
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 60));
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 3 },
    { arbitrary: fc.lorem({ maxCount: 6 }).map((s) => s.slice(0, max).padEnd(min, 'x')), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }), weight: 1 },
  );
}
