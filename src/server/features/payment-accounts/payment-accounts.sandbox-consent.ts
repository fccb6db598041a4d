import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_CONSENT_PATH } from '../../infra/payments/sandbox';
import { escapeHtml } from '../../infra/mailer';
import { AppError } from '../../infra/app-error';
import { errorResponsesFor } from '../../infra/route-errors';
import { callbackPath } from './payment-accounts.service';

const tags = ['payments'];

/** Only this site's own callback may receive a code (no open redirect). */
const ownCallback = z
  .string()
  .max(200)
  .refine((v) => v === callbackPath('sandbox'), 'redirect_uri must be this site’s callback');

const consentQuery = z.object({ state: z.string().min(1).max(200), redirect_uri: ownCallback });
const consentBody = consentQuery.extend({ decision: z.enum(['allow', 'deny']) });

function page(state: string, redirectUri: string) {
  const field = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const form = (decision: string, label: string) =>
    `<form method="post" action="${SANDBOX_CONSENT_PATH}">${field('state', state)}${field(
      'redirect_uri',
      redirectUri,
    )}${field('decision', decision)}<button type="submit">${label}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect your sandbox payment account</title></head>
<body><main>
<h1>Sandbox Payments</h1>
<p><strong>Wrenchly</strong> asks to take card payments and refunds on your sandbox seller account.
Customers' payments for your jobs go to this account; Wrenchly takes no commission.</p>
<p>This is the built-in test provider: no money moves.</p>
${form('allow', 'Allow')}
${form('deny', 'Deny')}
</main></body></html>`;
}

/**
 * The built-in sandbox provider's own consent page: what Square's or PayPal's page is in
 * production, served locally so the whole connect flow runs in demo mode and in the journeys.
 */
export const sandboxConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.payments.sandbox!;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    SANDBOX_CONSENT_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: "The sandbox provider's consent page (demo)",
        operationId: 'sandboxConsentPage',
        tags,
        querystring: consentQuery,
        response: { 200: z.string(), ...errorResponsesFor(400) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; form-action 'self'")
        // Its form posts to this site: the browser must name our origin (the origin check
        // refuses `Origin: null`, which 'no-referrer' would make it send).
        .header('referrer-policy', 'same-origin')
        .send(page(request.query.state, request.query.redirect_uri)),
  );

  app.post(
    SANDBOX_CONSENT_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: "The sandbox provider's consent: allow or deny (demo)",
        operationId: 'sandboxConsentDecision',
        tags,
        body: consentBody,
        response: { 303: z.null(), ...errorResponsesFor(400) },
      },
    },
    async (request, reply) => {
      const { state, redirect_uri: redirectUri, decision } = request.body;
      if (!state) throw new AppError(400, 'state is required');
      const q =
        decision === 'allow'
          ? new URLSearchParams({ code: sandbox.authorize(), state })
          : new URLSearchParams({ error: 'access_denied', state });
      return reply.header('cache-control', 'no-store').redirect(`${redirectUri}?${q}`, 303);
    },
  );
};
