/**
 * What never leaves the app in a log line, an error report or a trace: credentials in URLs,
 * secret fields, cookies and authorization headers, e-mail addresses and phone numbers (and, in
 * traces, IP addresses). The server's logger (src/server/infra/log-redaction.ts), both sides'
 * error reports and the trace exporter (src/server/infra/trace-redaction.ts) use these rules.
 */

export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is a credential: signed document links, set-password links and quote
 * approval links (API routes and the client pages that carry them), and the account e-mail
 * links (password reset, e-mail verification) however they are spelled.
 */
const TOKEN_PATH =
  /^((?:\/api)?\/(?:documents\/(?:upload|file)|(?:auth\/)?(?:set|reset|forgot)-password|(?:auth\/)?(?:verify|confirm)-email|(?:auth\/)?email-verifications?|quote-approvals?))\/(?!:)[^/?#]+/i;
/**
 * Query parameters that carry credentials: our tokens, a service request's signed link `t`,
 * presigned URL signatures and credentials, an OAuth callback's `code` and `state`, and PayPal
 * onboarding's `authCode` and `sharedId`.
 */
const SECRET_PARAM =
  /^(?:[\w.-]*(?:token|secret|signature|password|credential|key)|t|sig|code|state|auth_?code|shared_?id)$/i;
/** A query value that looks like a token whatever its name (20+ URL-safe letters and digits). */
const TOKEN_LIKE_VALUE = /^(?=[^&]*\d)(?=[^&]*[A-Za-z])[A-Za-z0-9_.~-]{20,}$/;
/**
 * A query value holding an e-mail address (an admin's search, a prefilled form), however many
 * times it was percent-encoded.
 */
const EMAIL_VALUE = /@|%(?:25)*40/i;
const QUERY_PARAM = /([?&])([^=&#]*)=([^&#]*)/g;
/** A query parameter without a value (`?alice@example.com`). */
const BARE_QUERY_PARAM = /([?&])([^=&#]*)(?=&|#|$)/g;
/** A path segment holding an e-mail address (`/api/users/alice@example.com`). */
const EMAIL_SEGMENT = /\/[^/]*(?:@|%(?:25)*40)[^/]*/gi;

const paramName = (name: string) => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};
/** Any other path segment that looks like a token (32+ URL-safe characters, letters and digits). */
const TOKEN_LIKE_SEGMENT = /\/(?=[^/]*\d)(?=[^/]*[A-Za-z])[A-Za-z0-9_.~-]{32,}(?=\/|$)/g;

/**
 * The URL (a path, or absolute) with every token and every e-mail address in its path, query or
 * fragment replaced by [redacted].
 */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const q = rest.search(/[?#]/);
  const pathPart = q < 0 ? rest : rest.slice(0, q);
  const tail = q < 0 ? '' : rest.slice(q);
  return (
    origin +
    pathPart
      .replace(TOKEN_PATH, `$1/${REDACTED}`)
      .replace(TOKEN_LIKE_SEGMENT, `/${REDACTED}`)
      .replace(EMAIL_SEGMENT, `/${REDACTED}`) +
    redactQuery(tail)
  );
}

/** A query (and fragment), `?` or `#` first, with its tokens and e-mail addresses redacted. */
function redactQuery(tail: string): string {
  const hash = tail.indexOf('#');
  const query = hash < 0 ? tail : tail.slice(0, hash);
  const fragment = hash < 0 ? '' : tail.slice(hash);
  return (
    query
      .replace(QUERY_PARAM, (param, sep: string, name: string, value: string) =>
        SECRET_PARAM.test(paramName(name)) ||
        TOKEN_LIKE_VALUE.test(value) ||
        EMAIL_VALUE.test(value)
          ? `${sep}${name}=${REDACTED}`
          : param,
      )
      .replace(BARE_QUERY_PARAM, (param, sep: string, name: string) =>
        EMAIL_VALUE.test(name) || TOKEN_LIKE_VALUE.test(name) ? `${sep}${REDACTED}` : param,
      ) + (EMAIL_VALUE.test(fragment) ? `#${REDACTED}` : fragment)
  );
}

/** Fields never written to the logs or reports, wherever they appear in an object. */
export const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'accessToken',
  'clientSecret',
];

/** Besides the secrets, what an error report drops wherever it appears (any case). */
const DROPPED_IN_REPORTS = new Set(
  [
    ...SECRET_FIELDS,
    'cookie',
    'cookies',
    'set-cookie',
    'authorization',
    'proxy-authorization',
    'x-api-key',
    'refreshToken',
    'idToken',
    'secret',
    'email',
    'phone',
    'ip_address',
  ].map((k) => k.toLowerCase()),
);

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}\b/g;
/** North American numbers as people write them: +1 (202) 555-0143, 202.555.0143, 2025550143. */
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}\b/g;
/** URLs and paths inside free text (a message, a breadcrumb). */
const URL_IN_TEXT = /(?:[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+|(?<![\w.])\/[^\s"'<>]*)/gi;

/** SQL with its string literals blanked: parameters are dropped, inlined values too. */
export const scrubSql = (sql: string) => sql.replace(/'(?:[^']|'')*'/g, "'?'").slice(0, 2000);

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** An IPv4 address, or an IPv6 one (full, or shortened with `::`, IPv4-mapped too). */
const IP_ADDRESS = new RegExp(
  [
    `(?<![\\w.])(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET}(?!\\w|\\.\\d)`,
    '(?<![\\w:.])(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}(?![\\w:])',
    `(?<![\\w:.])(?:[0-9a-f]{1,4}:){0,6}(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,5})?(?::(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET})?(?![\\w:]|\\.\\d)`,
  ].join('|'),
  'gi',
);

/** Text with every IPv4 and IPv6 address replaced by [redacted]. */
export const redactIps = (text: string) => text.replace(IP_ADDRESS, REDACTED);

/** Free text with e-mail addresses, phone numbers and URL tokens taken out. */
export function redactText(text: string): string {
  return text
    .replace(EMAIL, REDACTED)
    .replace(URL_IN_TEXT, (u) => redactUrl(u))
    .replace(PHONE, REDACTED);
}

/** Span attributes holding a URL, or its path. */
const URL_ATTRIBUTES = new Set(['url.full', 'url.path', 'url.original', 'http.url', 'http.target']);
/** Span attributes holding a query string without its `?` (`t=...&page=2`). */
const QUERY_ATTRIBUTES = new Set(['url.query']);
/** Span attributes holding SQL (PostgreSQL, PGlite) or a Redis command. */
const STATEMENT_ATTRIBUTES = new Set(['db.statement', 'db.query.text']);
/** Route templates the router matched (`/api/quote-approvals/:token`): no request data. */
const TEMPLATE_ATTRIBUTES = new Set(['http.route']);

/** A string span attribute (or a span's name, or an event's), redacted by what its key holds. */
function redactTraceString(key: string, value: string): string {
  if (TEMPLATE_ATTRIBUTES.has(key)) return value;
  if (URL_ATTRIBUTES.has(key)) return redactIps(redactUrl(value));
  if (QUERY_ATTRIBUTES.has(key)) return redactIps(redactUrl(`?${value}`).slice(1));
  if (STATEMENT_ATTRIBUTES.has(key)) return redactIps(redactText(scrubSql(value)));
  return redactIps(redactText(value));
}

/** Whether a span attribute's key names something never exported (a header, a secret field). */
const droppedAttribute = (key: string) =>
  DROPPED_IN_REPORTS.has(key.slice(key.lastIndexOf('.') + 1).toLowerCase());

/**
 * A span's attributes as they may leave the process: the logs' rules (URLs without tokens or
 * e-mail addresses, SQL without literals, no secret fields, cookies or authorization headers)
 * and, everywhere, no e-mail address, phone number or IP address. Numbers and booleans are
 * kept.
 */
export function redactTraceAttributes<T extends Record<string, unknown>>(attributes: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (droppedAttribute(key)) continue;
    out[key] =
      typeof value === 'string'
        ? redactTraceString(key, value)
        : Array.isArray(value)
          ? value.map((v: unknown) => (typeof v === 'string' ? redactTraceString(key, v) : v))
          : value;
  }
  return out as T;
}

/** A span's or an event's name, or a status message, with the same rules as free text. */
export const redactTraceText = (text: string) => redactTraceString('', text);

/**
 * Parts of a report that are no user data: the build and SDK, and the code and file names of
 * the stack (the messages around them are redacted).
 */
const KEPT_AS_IS = new Set([
  'release',
  'dist',
  'environment',
  'sdk',
  'event_id',
  'frames',
  'filename',
  'abs_path',
  'function',
  'module',
  'context_line',
  'pre_context',
  'post_context',
  'debug_meta',
]);

/**
 * A deep copy of an error report (a Sentry event, its breadcrumbs, request, extra data) with
 * the secret, cookie, authorization, e-mail and phone fields dropped and every string passed
 * through `redactText`. Stack frames keep their code and file names.
 */
export function redactReport<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (!value || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => redactReport(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (DROPPED_IN_REPORTS.has(key.toLowerCase())) continue;
    out[key] = KEPT_AS_IS.has(key) ? v : redactReport(v, depth + 1);
  }
  return out as T;
}

/**
 * Sentry's data collection with nothing personal collected: what `sendDefaultPii: false` was
 * before Sentry 11 replaced that option with this one (whose defaults collect everything).
 * The SDK then adds no user, cookies, headers, bodies, query strings or local variables;
 * `redactReport` cleans what the app itself puts in a report.
 */
export const REPORTS_COLLECT_NOTHING_PERSONAL = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
} as const;
