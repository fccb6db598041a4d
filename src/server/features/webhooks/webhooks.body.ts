import { AppError } from '../../infra/app-error';

/**
 * A webhook's raw body read as a JSON object, with its size and shape bounded before anything
 * costly is done with it: PayPal's signature can only be checked by asking PayPal, so the body
 * is read before it is trusted, and whatever anyone posts must end in a 4xx, never in a 500
 * (a RangeError from a body nested a hundred thousand levels deep) or a call to PayPal.
 */

/**
 * The largest body a webhook route reads (413 beyond): providers' events are a few kilobytes;
 * a dispute with its history stays well under this.
 */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/**
 * How deep a body may nest: providers' events go six or seven levels down. Anything deeper is
 * refused before JSON.parse, so no recursive step later (the JSON sent back to PayPal to verify,
 * the jsonb column) can run out of stack.
 */
export const MAX_JSON_DEPTH = 64;

export const NOT_JSON = 'The webhook body is not a JSON object';
export const NO_EVENT_ID = 'The webhook body has no event id or type';
export const TOO_DEEP = `The webhook body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`;
const NUL_IN_BODY = 'The webhook body holds a NUL character';
const LONE_SURROGATE = 'The webhook body holds a string that is not valid Unicode';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether `raw` nests objects and arrays deeper than `max`: one pass over the text counting
 * brackets outside strings (a bracket inside a string, escaped quotes included, is text). Not a
 * validator: JSON.parse still judges the syntax, once the depth is known to be safe.
 */
export function nestsDeeperThan(raw: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any key or string in `value` (depth already bounded) cannot be stored as jsonb. */
function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE_RE.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  return Object.entries(value).some(([k, v]) => LONE_SURROGATE_RE.test(k) || hasLoneSurrogate(v));
}

/** The raw body as a JSON object (400 with the reason otherwise). */
export function parseWebhookBody(raw: string): Record<string, unknown> {
  // PostgreSQL's jsonb cannot hold NUL nor half a surrogate pair: refused here, not as a 500 at
  // the insert.
  if (raw.includes('\u0000') || /\\u0000/i.test(raw)) throw new AppError(400, NUL_IN_BODY);
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) throw new AppError(400, TOO_DEEP);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError(400, NOT_JSON);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError(400, NOT_JSON);
  if (hasLoneSurrogate(body)) throw new AppError(400, LONE_SURROGATE);
  return body as Record<string, unknown>;
}
