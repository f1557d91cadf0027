import fc from 'fast-check';
import { z } from 'zod';

/** Schema-driven values for the fuzz (fuzz.test.ts): valid-ish ones from a contract, and edge values. */

export const DEMO_PASSWORD = 'pathbuilder-demo';
export const DEMO_ACCOUNTS = {
  admin: 'admin@pathbuilder.test',
  teacher: 'teacher@pathbuilder.test',
  student: 'student@pathbuilder.test',
} as const;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Values that break naive code: 32- and 53-bit limits, NaN-like strings, NUL, lone surrogates, nesting. */
export const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      0,
      -1,
      -0,
      1.5,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32,
      2 ** 53,
      -(2 ** 53),
      1e308,
      -1e308,
      Number.MIN_VALUE,
      '',
      ' ',
      '0',
      '-1',
      '2147483648',
      '9007199254740993',
      '1e309',
      'NaN',
      'Infinity',
      'null',
      'true',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\uffff',
      '🙂'.repeat(300),
      'x'.repeat(70_000),
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '../../etc/passwd',
      '%00',
      '%E0%A4%A',
      '__proto__',
      'constructor',
      null,
      true,
      false,
      [],
      {},
      [null],
      [[[[]]]],
      { a: { b: { c: { d: 1 } } } },
      JSON.parse('{"__proto__":{"is_admin":1}}'),
    ),
  },
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A question import: the real header, then rows of real-looking cells with an edge value here and there. */
const csvCell = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'Principles of Child Development',
      'true_false',
      'short_answer',
      '1',
      'true',
      'A|B',
      '1|2',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '2147483648',
      '-1',
      '=cmd|x',
      '"quoted, ""cell"""',
      'x'.repeat(6000),
    ),
  },
);
const csvFile = fc
  .array(fc.array(csvCell, { minLength: 5, maxLength: 8 }), { minLength: 0, maxLength: 4 })
  .map((rows) =>
    ['micro_topic,type,difficulty,stem,explanation,options,correct', ...rows.map((r) => r.join(','))].join(
      '\n',
    ),
  );

/** An arbitrary of values that (mostly) satisfy a JSON schema: the starting point the mutations break. */
export function validish(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validish(s, name)));
  if (schema.allOf?.[0]) return validish(schema.allOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      if (schema.properties) {
        const fields = Object.fromEntries(
          Object.entries(schema.properties).map(([key, s]) => [key, validish(s, key)]),
        );
        return fc.record(fields, { requiredKeys: schema.required ?? [] });
      }
      const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
      return fc.dictionary(
        validish(schema.propertyNames ?? { type: 'string' }) as fc.Arbitrary<string>,
        validish(values),
        {
          maxKeys: 4,
        },
      );
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(validish(schema.items ?? {}, name), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1e6) + 1, -1e6);
      const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1e6) - 1, 1e6);
      // Small ids hit the demo rows, so the fuzz reaches past "not found" into the services.
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 30) }), fc.integer({ min, max }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringFor(schema, name);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (name === 'csv') return csvFile;
  if (name === 'email') return fc.oneof(fc.constantFrom(...Object.values(DEMO_ACCOUNTS)), fc.emailAddress());
  if (name.includes('password'))
    return fc.oneof(fc.constant(DEMO_PASSWORD), fc.string({ minLength: 8, maxLength: 20 }));
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
}
