import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import type { JsonSchema } from './openapi';

/*
 * Inputs for the API fuzz (server/fuzz.engines.test.ts): values derived from an operation's JSON
 * schema (so a request gets past the first check and reaches deeper code), then mutated the way a
 * careless client or an attacker would (wrong types, missing and extra fields, extreme numbers,
 * text PostgreSQL cannot store, long strings), and the fixed catalogue of hostile inputs every
 * operation meets (malformed JSON, wrong content types, bad path parameters, ...).
 */

// ---- values JSON cannot spell --------------------------------------------------------------------

/** A token written into the JSON text as is (NaN, Infinity, 1e999, a 400-digit number). */
const RAW_PREFIX = '@@raw:';
const raw = (token: string) => `${RAW_PREFIX}${token}@@`;
const RAW_PATTERN = new RegExp(`"${RAW_PREFIX}(.*?)@@"`, 'g');

/** JSON text of a value, with raw tokens (NaN, Infinity, ...) unquoted. */
export function toJsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(RAW_PATTERN, (_, token: string) => token);
}

// ---- hostile text --------------------------------------------------------------------------------

export const ONE_MEGABYTE = 1024 * 1024;

/** Text a caller may type: control and unstorable characters, injections, other scripts, numbers as text. */
export const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFF',
  '\uDC00y',
  '\uFFFE\uFFFF',
  '😀'.repeat(40),
  '\u202Eevil\u202C',
  'e\u0301\u0308\u0327',
  '\uFEFFbom',
  'Ærlig Øl Å',
  '中文字符',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  "' OR '1'='1",
  "'; DROP TABLE activities; --",
  '../../../../etc/passwd',
  '%00',
  '%',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'true',
  '[]',
  '{}',
  '\r\nX-Injected: 1',
  '\\',
  'a'.repeat(5_000),
  'ä'.repeat(20_000),
];

/** Numbers at and past every edge: sign, integer overflow (32, 53, 64 bits), float range, non-numbers. */
export const HOSTILE_NUMBERS: unknown[] = [
  0,
  -1,
  -0,
  0.5,
  -2147483649,
  2147483648,
  raw('9007199254740993'),
  2 ** 63,
  1e21,
  -1e21,
  1e308,
  -1e308,
  5e-324,
  raw('NaN'),
  raw('Infinity'),
  raw('-Infinity'),
  raw('1e999'),
  raw('-1e999'),
  raw(`1${'0'.repeat(400)}`),
];

const HOSTILE_OTHERS: unknown[] = [true, false, null, [], {}, [null], { '': '' }, [[[[[]]]]], { a: { b: { c: {} } } }, ['a', 1, null]];

/** Odd text: any code point, or a mix of NUL, lone surrogates and ordinary letters. */
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\uD800', '\uDC00', 'a', 'ø', '😀', ' ', '"', '\\'), maxLength: 20 }),
);

/** Any value a field should not get. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_OTHERS),
  oddString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.oneof(fc.integer(), oddString), { maxLength: 5 }),
);

/** Field names a caller may add: another tenant's keys, prototype pollution, unstorable names. */
const EXTRA_KEYS = [
  'companyId',
  'company_id',
  'userId',
  'id',
  'role',
  'isAdmin',
  '__proto__',
  'constructor',
  'prototype',
  '\u0000',
  '\uD800',
  '',
];

// ---- values from a schema ------------------------------------------------------------------------

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A value the schema accepts (mostly): how a well-behaved client fills the field. */
export function validValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) return fc.oneof(...branches.map(validValue));
  const types = typesOf(schema);
  const nonNull = types.filter((type) => type !== 'null');
  const value = valueOfType(nonNull[0], schema);
  return types.includes('null') ? fc.option(value, { nil: null, freq: 4 }) : value;
}

function valueOfType(type: string | undefined, schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      const range = { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
      // The edges the schema allows are where sums overflow and columns end.
      return fc.oneof(fc.constantFrom(range.min, range.max), fc.integer(range));
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items), { maxLength: 3 });
    case 'object':
      return objectValue(schema);
    default:
      return fc.constant(null);
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
  // Mostly letters a person types in any language; now and then the longest the schema allows.
  const longest = schema.maxLength ?? 1000;
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .string({ unit: 'grapheme', minLength, maxLength })
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity)),
    },
    // The longest the schema allows, in one-byte letters and in four-byte ones (two UTF-16 units each).
    {
      weight: 1,
      arbitrary: fc.constantFrom('x'.repeat(longest), '😀'.repeat(Math.floor(longest / 2)).padEnd(Math.max(minLength, 0), 'x')),
    },
  );
}

function objectValue(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = validValue(property);
  return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}

/** Every property name any branch of the schema knows. */
function propertyNames(schema: JsonSchema): string[] {
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const branch of schema.oneOf ?? schema.anyOf ?? []) for (const name of propertyNames(branch)) names.add(name);
  return [...names];
}

/**
 * A body for the operation: valid, or valid with one kind of mistake. Returned as JSON text (raw
 * tokens such as NaN included), with a label for the failure report.
 */
export function mutatedBody(schema: JsonSchema): fc.Arbitrary<{ mutation: string; text: string }> {
  const names = propertyNames(schema);
  const base = validValue(schema);
  const asObject = (value: unknown): Record<string, unknown> =>
    value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  const name = names.length > 0 ? fc.constantFrom(...names) : fc.constant('name');
  // Valid bodies reach the services and the database; the rest are mostly refused by the contract.
  const mutations: fc.WeightedArbitrary<{ mutation: string; value: unknown }>[] = [
    base.map((value) => ({ mutation: 'valid', value })),
    fc
      .tuple(base, name, hostileValue)
      .map(([value, key, bad]) => ({ mutation: `${key} = bad value`, value: { ...asObject(value), [key]: bad } })),
    fc
      .tuple(base, fc.uniqueArray(name, { minLength: 1, maxLength: 4 }), fc.array(hostileValue, { minLength: 4, maxLength: 4 }))
      .map(([value, keys, bads]) => {
        const object = asObject(value);
        keys.forEach((key, i) => (object[key] = bads[i]));
        return { mutation: `${keys.join(', ')} = bad values`, value: object };
      }),
    fc.tuple(base, name).map(([value, key]) => {
      const object = asObject(value);
      delete object[key];
      return { mutation: `without ${key}`, value: object };
    }),
    fc.tuple(base, fc.oneof(fc.constantFrom(...EXTRA_KEYS), oddString), fc.oneof(hostileValue, fc.uuid())).map(([value, key, extra]) => {
      const object = asObject(value);
      // defineProperty: "__proto__" becomes an own key of the JSON, not the object's prototype.
      Object.defineProperty(object, key, { value: extra, enumerable: true, configurable: true, writable: true });
      return { mutation: `extra ${JSON.stringify(key)}`, value: object };
    }),
    hostileValue.map((value) => ({ mutation: 'the body is a bad value', value })),
  ].map((arbitrary, i) => ({ arbitrary, weight: [4, 2, 1, 1, 2, 1][i]! }));
  return fc.oneof(...mutations).map(({ mutation, value }) => ({ mutation, text: toJsonText(value) }));
}

// ---- query strings and path parameters --------------------------------------------------------------

/**
 * encodeURIComponent, but a lone surrogate (which it refuses) is sent as the bytes a careless
 * client would send: its three-byte WTF-8 form, invalid UTF-8.
 */
export function encodeLoosely(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = value.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

/** Path parameter values, written into the URL as they are (already encoded, or deliberately not). */
export const HOSTILE_PATH_VALUES: string[] = [
  '%00',
  'a%00b',
  '..',
  '../',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '.',
  '%2F',
  '%',
  '%zz',
  '%ED%A0%80', // a lone surrogate in WTF-8: invalid UTF-8
  '%FF%FE',
  '%C3%A6%C3%B8%C3%A5',
  '%F0%9F%98%80',
  encodeURIComponent('中文'),
  '%20',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  crypto.randomUUID().toUpperCase(),
  `${crypto.randomUUID()}x`,
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent('<script>'),
  'a'.repeat(300),
  'a'.repeat(10_000),
  '9'.repeat(100_000),
];

/** A query string for the declared parameters: each left out, valid, or hostile; sometimes one more. */
export function mutatedQuery(parameters: { name: string; schema?: JsonSchema }[]): fc.Arbitrary<string> {
  const hostileText = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(
      '-1',
      '0',
      '1.5',
      '1e309',
      '-1e309',
      'NaN',
      'Infinity',
      '9007199254740993',
      '99999999999999999999',
      '2147483648',
      'true',
      '[]',
    ),
    oddString,
  );
  const part = (name: string, schema: JsonSchema | undefined) =>
    fc.oneof(
      fc.constant(''),
      validValue(schema).map((value) => (value === undefined || value === null ? '' : `${name}=${encodeLoosely(String(value))}`)),
      hostileText.map((value) => `${name}=${encodeLoosely(value)}`),
      fc.tuple(hostileText, hostileText).map(([a, b]) => `${name}=${encodeLoosely(a)}&${name}=${encodeLoosely(b)}`),
      fc.constantFrom(`${name}`, `${name}[]=1`, `${name}[a]=1`, `${name}=%00`, `${name}=%ED%A0%80`, `${name}=%`, `${name}=%zz`),
    );
  const extra = fc.oneof(
    fc.constant(''),
    fc.constantFrom('companyId=1', '__proto__[x]=1', '%00=1', '%ED%A0%80=x', `x=${'a'.repeat(70_000)}`),
    fc.tuple(oddString, hostileText).map(([key, value]) => `${encodeLoosely(key)}=${encodeLoosely(value)}`),
  );
  return fc
    .tuple(fc.tuple(...parameters.map((p) => part(p.name, p.schema))), extra)
    .map(([parts, more]) => [...parts, more].filter(Boolean).join('&'));
}

/** Headers a client controls, spoiled; the cookies only mean something to a signed-out caller. */
export const HOSTILE_HEADERS: { label: string; headers: Record<string, string>; signedOutOnly?: boolean }[] = [
  {
    label: 'a forged session cookie',
    headers: { cookie: `dealboard.session_token=${'a'.repeat(64)}.${'b'.repeat(43)}` },
    signedOutOnly: true,
  },
  { label: 'a 6 KB session cookie', headers: { cookie: `dealboard.session_token=${'%00'.repeat(2_000)}` }, signedOutOnly: true },
  {
    label: 'a cookie of lone surrogates',
    headers: { cookie: 'dealboard.session_token=%ED%A0%80; dealboard.session_data=%FF' },
    signedOutOnly: true,
  },
  { label: 'a long Accept-Language', headers: { 'accept-language': `${'nb-NO;q=0.9,'.repeat(800)}*;q=NaN` } },
  { label: 'a bad UI language', headers: { 'x-dealboard-language': '../../etc' } },
  { label: 'a forwarded chain of garbage', headers: { 'x-forwarded-for': 'not-an-ip, ::ffff:999.1.1.1, , 300.1.1.1' } },
  {
    label: 'another tenant named in headers',
    headers: { 'x-company-id': crypto.randomUUID(), 'x-user-id': crypto.randomUUID(), 'x-tenant-id': '1' },
  },
  { label: 'Origin null', headers: { origin: 'null' } },
  // Personal access tokens (decision 035): with a session cookie as well, a refusal of the mix.
  { label: 'an unknown personal access token', headers: { authorization: `Bearer dbp_${'A'.repeat(43)}` } },
  { label: 'a malformed bearer token', headers: { authorization: `Bearer ${'\u00ff'.repeat(5)} dbp_` }, signedOutOnly: true },
  { label: 'an 8 KB authorization header', headers: { authorization: `Bearer ${'a'.repeat(8_000)}` }, signedOutOnly: true },
  { label: 'another authorization scheme', headers: { authorization: 'Basic YTpi' }, signedOutOnly: true },
];

// ---- whole bodies ----------------------------------------------------------------------------------

/** A raw request body with its content type (or none). */
export type RawBody = { label: string; body: string | Uint8Array; contentType?: string };

/**
 * The fixed catalogue every operation that takes a body meets: text that is not JSON, JSON that
 * is not an object, content types that are not JSON, bodies past the limit and just under it.
 */
export function hostileBodies(validJson: string, limitBytes: number, stringField: string | null): RawBody[] {
  const json = 'application/json';
  const nearLimit = (field: string) =>
    toJsonText({ ...JSON.parse(validJson), [field]: 'n'.repeat(limitBytes - validJson.length - field.length - 64) });
  return [
    { label: 'empty body', body: '', contentType: json },
    { label: 'no content type', body: validJson },
    { label: 'text/plain', body: validJson, contentType: 'text/plain' },
    { label: 'form-urlencoded', body: 'name=x&role=admin', contentType: 'application/x-www-form-urlencoded' },
    {
      label: 'multipart',
      body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
      contentType: 'multipart/form-data; boundary=b',
    },
    {
      label: 'xml',
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      contentType: 'application/xml',
    },
    { label: 'json, utf-16 declared', body: validJson, contentType: 'application/json; charset=utf-16' },
    { label: 'json with a BOM', body: `\uFEFF${validJson}`, contentType: json },
    { label: 'truncated json', body: validJson.slice(0, Math.max(1, validJson.length - 2)), contentType: json },
    { label: 'not json', body: '{name: x,}', contentType: json },
    { label: 'an open brace', body: '{', contentType: json },
    { label: 'NaN', body: 'NaN', contentType: json },
    { label: 'null', body: 'null', contentType: json },
    { label: 'an array', body: '[]', contentType: json },
    { label: 'a string', body: '"x"', contentType: json },
    { label: 'a number', body: '1e999', contentType: json },
    { label: 'duplicate keys', body: validJson.replace(/^\{/, '{"a":1,"a":2,'), contentType: json },
    { label: 'invalid UTF-8', body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]), contentType: json },
    { label: 'nested 5,000 deep', body: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: json },
    { label: 'nested objects 3,000 deep', body: `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`, contentType: json },
    {
      label: 'a 1 MB string',
      body: toJsonText({ ...JSON.parse(validJson), [stringField ?? 'name']: 'x'.repeat(ONE_MEGABYTE) }),
      contentType: json,
    },
    { label: 'a 1 MB body, no content type', body: 'x'.repeat(ONE_MEGABYTE) },
    ...(stringField
      ? [{ label: `a string just under the ${limitBytes / 1024} KB limit`, body: nearLimit(stringField), contentType: json }]
      : []),
    { label: 'an extra field just under the limit', body: nearLimit('padding'), contentType: json },
  ];
}

// ---- files (uploads) --------------------------------------------------------------------------------

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** A well-formed PNG header claiming a canvas of width x height (a decompression bomb's first bytes). */
export function pngClaiming(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', new Uint8Array()),
  );
}

/** Files that are not the picture they claim to be, each with the media type it is sent as. */
export function hostileFiles(validImage: Uint8Array, mediaType: string): RawBody[] {
  const text = (value: string) => new TextEncoder().encode(value);
  return [
    { label: 'an empty file', body: new Uint8Array(), contentType: mediaType },
    { label: 'a truncated picture', body: validImage.subarray(0, Math.floor(validImage.length / 2)), contentType: mediaType },
    { label: 'only the PNG signature', body: validImage.subarray(0, 8), contentType: mediaType },
    { label: 'a PNG claiming 100000 x 100000 pixels', body: pngClaiming(100_000, 100_000), contentType: mediaType },
    { label: 'a PNG claiming 0 x 0 pixels', body: pngClaiming(0, 0), contentType: mediaType },
    {
      label: 'an SVG with a script',
      body: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      contentType: mediaType,
    },
    { label: 'an SVG declared as such', body: text('<svg xmlns="http://www.w3.org/2000/svg"/>'), contentType: 'image/svg+xml' },
    { label: 'JSON as a picture', body: text('{"avatarUrl":"https://evil.example/x.png"}'), contentType: mediaType },
    { label: 'a picture as JSON', body: validImage, contentType: 'application/json' },
    { label: 'a picture without a content type', body: validImage },
    { label: 'a picture as text/html', body: validImage, contentType: 'text/html' },
    { label: 'a GIF header and garbage', body: concat(text('GIF89a'), new Uint8Array(2_000).fill(0xff)), contentType: mediaType },
    {
      label: 'a picture with 1 MB after its end',
      body: concat(validImage, new Uint8Array(ONE_MEGABYTE).fill(0x41)),
      contentType: mediaType,
    },
    { label: '3 MB of zeros (past the upload limit)', body: new Uint8Array(3 * ONE_MEGABYTE), contentType: mediaType },
  ];
}

/** A file from a valid picture with some bytes changed, cut short, or grown: what decoders choke on. */
export function mutatedFile(validImage: Uint8Array): fc.Arbitrary<{ mutation: string; bytes: Uint8Array }> {
  const flips = fc.array(fc.tuple(fc.nat({ max: validImage.length - 1 }), fc.integer({ min: 0, max: 255 })), {
    minLength: 1,
    maxLength: 8,
  });
  return fc.oneof(
    flips.map((changes) => {
      const bytes = new Uint8Array(validImage);
      for (const [at, value] of changes) bytes[at] = value;
      return { mutation: `bytes ${changes.map(([at]) => at).join(', ')} changed`, bytes };
    }),
    fc.nat({ max: validImage.length }).map((length) => ({ mutation: `cut at ${length}`, bytes: validImage.subarray(0, length) })),
    fc.uint8Array({ maxLength: 4_096 }).map((bytes) => ({ mutation: `${bytes.length} random bytes`, bytes })),
    fc
      .uint8Array({ minLength: 1, maxLength: 512 })
      .map((tail) => ({ mutation: `${tail.length} bytes appended`, bytes: concat(validImage, tail) })),
  );
}
