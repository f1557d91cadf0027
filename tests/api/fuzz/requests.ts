import fc from 'fast-check';
import type { RouteInfo } from '../../../src/server/plugins/routes.ts';
import { mutated } from './mutations.ts';
import { edgeValue, jsonSchemaOf, validish, type JsonSchema } from './values.ts';

/** One fuzzed request to a route: path parameters, query string and body, each good, bad or broken. */
export interface FuzzRequest {
  method: RouteInfo['method'];
  path: string;
  query: string;
  body?: { payload: string; contentType?: string };
}

/** encodeURIComponent, except that a lone surrogate is sent as the (invalid) UTF-8 bytes it would make. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function enc(text: string): string {
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  const lone = (c: number) => [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
  // for..of walks code points, so a lone surrogate comes out on its own.
  return [...text]
    .map((ch) =>
      !LONE_SURROGATE.test(ch)
        ? encodeURIComponent(ch)
        : lone(ch.charCodeAt(0))
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join(''),
    )
    .join('');
}

const badSegment = fc.constantFrom(
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '1e3',
  '1.5',
  '0x10',
  'abc',
  '%2F',
  '..',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%E0%A4%A',
  '%',
  'null',
  'undefined',
  '%20',
  '+',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '%F0%9F%99%82',
  'x'.repeat(120),
);

function segmentFor(schema: JsonSchema | undefined, known: string[]): fc.Arbitrary<string> {
  const valid = schema ? validish(schema).map((v) => enc(String(v))) : fc.constant('1');
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: known.length ? 2 : 0, arbitrary: known.length ? fc.constantFrom(...known) : valid },
    { weight: 3, arbitrary: badSegment },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(enc) },
  );
}

/** Serialises like a browser form would, with arrays as repeated keys and objects as bracketed keys. */
function queryString(value: unknown): string {
  if (!value || typeof value !== 'object') return value === undefined ? '' : `q=${enc(String(value))}`;
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const k = enc(key);
    if (Array.isArray(v)) for (const item of v) parts.push(`${k}=${enc(JSON.stringify(item))}`);
    else if (v && typeof v === 'object')
      for (const [sub, item] of Object.entries(v)) parts.push(`${k}[${enc(sub)}]=${enc(String(item))}`);
    else parts.push(`${k}=${enc(String(v))}`);
  }
  return parts.join('&');
}

const junkQuery = fc.constantFrom(
  '',
  '',
  '',
  '&',
  '=',
  '%',
  '%E0%A4%A=1',
  'search=%00',
  'page=%E0%A4%A',
  '__proto__=1',
  'constructor=1',
  'page[]=1',
  'page=1&page=2',
  'search[$gt]=',
  `${'a'.repeat(3000)}=1`,
  ';',
  'per_page=100000',
  'page=-1',
  'location_id=2147483648',
  'limit=NaN',
);

const rawBody = fc.constantFrom(
  '',
  '{',
  '}',
  'null',
  '"text"',
  '[]',
  '0',
  'true',
  '{"a":1,"a":2}',
  '{"__proto__":{"is_admin":1}}',
  '{"constructor":{"prototype":{"is_admin":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
  'x=1&y=2',
  '\u0000',
  '{"id":"\\u0000"}',
);

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | undefined>('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
    ),
  },
);

export function requestFor(route: RouteInfo, known: Record<string, string[]>): fc.Arbitrary<FuzzRequest> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramShape = route.params ? jsonSchemaOf(route.params).properties : undefined;
  const path = fc
    .tuple(...names.map((n) => segmentFor(paramShape?.[n], known[n] ?? [])))
    .map((segments) => names.reduce((url, n, i) => url.replace(`:${n}`, segments[i]!), route.url));
  const structured = route.query ? mutated(jsonSchemaOf(route.query)).map(queryString) : fc.constant('');
  // Junk keys mostly stop at the strict query schema, so most query strings are the structured one alone.
  const query = fc.oneof(
    { weight: 4, arbitrary: structured },
    {
      weight: 1,
      arbitrary: fc.tuple(structured, junkQuery).map(([a, b]) => [a, b].filter(Boolean).join('&')),
    },
    { weight: 1, arbitrary: junkQuery },
  );
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const bodySchema = route.body ? jsonSchemaOf(route.body) : undefined;
  const payload = fc.oneof(
    { weight: bodySchema ? 6 : 0, arbitrary: bodySchema ? mutated(bodySchema) : fc.constant({}) },
    { weight: bodySchema ? 1 : 0, arbitrary: bodySchema ? validish(bodySchema) : fc.constant({}) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: edgeValue },
  );
  const body = fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(payload, contentType)
        .map(([v, type]) => ({ payload: JSON.stringify(v) ?? '', contentType: type })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(rawBody, contentType).map(([payload, type]) => ({ payload, contentType: type })),
    },
  );
  return fc.record({
    method: fc.constant(route.method),
    path,
    query,
    body: hasBody ? body : fc.constant(undefined),
  });
}
