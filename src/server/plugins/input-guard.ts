import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NUL_MESSAGE } from '@shared/schemas/common';
import { AppError } from '../infra/app-error';

/** Parsed data (objects of any prototype, as the router and parsers make them), not bytes. */
const isData = (v: object) =>
  !ArrayBuffer.isView(v) &&
  !(v instanceof ArrayBuffer) &&
  typeof (v as { pipe?: unknown }).pipe !== 'function';

/**
 * Whether any string (or key) in a parsed JSON body, query or path holds a NUL character.
 * Walks arrays and objects (never a stream or a Buffer), without recursion.
 */
export function containsNul(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object' && isData(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * A safety net under the shared schemas: PostgreSQL cannot store a NUL character in text, so
 * any request whose path, query or JSON body carries one is a 400 before it reaches a route.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      done(new AppError(400, NUL_MESSAGE));
      return;
    }
    done();
  });
});
