import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../infra/mailer';
import { createDevMailboxService } from './dev-mailbox.service';

const mailSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  template: z.string(),
  status: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  createdAt: z.string(),
});

/** Demo mode only: the outbox, as JSON and as a page at /dev/mailbox. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { latest } = createDevMailboxService(app);

  app.get(
    '/api/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The messages the app sent (demo mode)',
        operationId: 'listDevMailbox',
        tags: ['dev'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(mailSchema) },
      },
    },
    async (request) => latest(request.query.limit),
  );

  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await latest(200);
    const items = mails
      .map(
        (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><span>${escapeHtml(m.createdAt)} · ${escapeHtml(m.status)}</span></header>
  <div class="meta">To: ${escapeHtml(m.to)} · ${escapeHtml(m.template)}${m.channel === 'sms' ? ' · SMS' : ''}</div>
  <pre>${escapeHtml(m.text)}</pre>${m.attachments.map((a) => `<div class="meta">Attached: ${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})</div>`).join('')}
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (demo) - Wrenchly</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:860px;margin:0 auto;padding:24px}
h1{font-size:1.5rem}
article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:16px;margin:12px 0}
header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}
header span,.meta{color:#64748b;font-size:.875rem}
pre{white-space:pre-wrap;font-family:inherit;margin:12px 0 0}
</style></head>
<body><main><h1>Mailbox (demo mode)</h1>
<p>Every e-mail and text message the app has sent, newest first. Configure <code>SMTP_URL</code> (and <code>SMS_PROVIDER</code>) to deliver them.</p>
${items || '<p>No e-mails yet.</p>'}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
