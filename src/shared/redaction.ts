/**
 * What never leaves the app in a log line or an error report: credentials in URLs, secret
 * fields, cookies and authorization headers, e-mail addresses and phone numbers. The server's
 * logger (src/server/infra/log-redaction.ts) and both sides' error reports use these rules.
 */

export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is a credential: signed document links, set-password links and quote
 * approval links (API routes and the client pages that carry them), and the account e-mail
 * links (password reset, e-mail verification) however they are spelled.
 */
const TOKEN_PATH =
  /^((?:\/api)?\/(?:documents\/(?:upload|file)|(?:auth\/)?(?:set|reset|forgot)-password|(?:auth\/)?(?:verify|confirm)-email|(?:auth\/)?email-verifications?|quote-approvals?))\/[^/?#]+/i;
/**
 * Query parameters that carry credentials (our tokens, a service request's signed link `t`,
 * presigned URL signatures).
 */
const TOKEN_PARAM = /([?&](?:[\w.-]*token|t|[\w.-]*signature|sig|x-amz-credential)=)[^&#]*/gi;
/** Any other path segment that looks like a token (32+ URL-safe characters, letters and digits). */
const TOKEN_LIKE_SEGMENT = /\/(?=[^/]*\d)(?=[^/]*[A-Za-z])[A-Za-z0-9_.~-]{32,}(?=\/|$)/g;

/** The URL (a path, or absolute) with every token in its path or query replaced by [redacted]. */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const q = rest.search(/[?#]/);
  const pathPart = q < 0 ? rest : rest.slice(0, q);
  const tail = q < 0 ? '' : rest.slice(q);
  return (
    origin +
    pathPart.replace(TOKEN_PATH, `$1/${REDACTED}`).replace(TOKEN_LIKE_SEGMENT, `/${REDACTED}`) +
    tail.replace(TOKEN_PARAM, `$1${REDACTED}`)
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

/** Free text with e-mail addresses, phone numbers and URL tokens taken out. */
export function redactText(text: string): string {
  return text
    .replace(EMAIL, REDACTED)
    .replace(URL_IN_TEXT, (u) => redactUrl(u))
    .replace(PHONE, REDACTED);
}

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
