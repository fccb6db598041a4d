import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { PLAN_RANK, type PlanTier } from '@shared/constants/domain';
import { AppError } from '../../../infra/app-error';
import type { SessionUser } from '../../../infra/session';
import { softwareOut } from '../billing.presenters';
import { allSoftware, countDownload, liveSubscription, softwareBySlug } from '../billing.queries';

/** The signed-in user's plan tier: Free without a live, paid-up plan. */
export async function currentTier(
  app: FastifyInstance,
  user: SessionUser | null,
): Promise<PlanTier> {
  if (user?.technicianId == null) return 'Free';
  const live = await liveSubscription(app.db, user.technicianId);
  return live && live.s.status === 'active' ? (live.p.name as PlanTier) : 'Free';
}

export async function catalogue(app: FastifyInstance, user: SessionUser | null) {
  const tier = await currentTier(app, user);
  const rows = await allSoftware(app.db);
  return { currentPlan: tier, items: rows.map((s) => softwareOut(s, tier)) };
}

/** A download the plan allows: the licence file for this technician, counted. */
export async function download(app: FastifyInstance, user: SessionUser | null, slug: string) {
  const s = await softwareBySlug(app.db, slug);
  if (!s) throw new AppError(404, 'Software not found');
  const tier = await currentTier(app, user);
  if (PLAN_RANK[tier] < PLAN_RANK[s.requiredPlan])
    throw new AppError(403, `${s.name} needs the ${s.requiredPlan} plan or higher`);
  await countDownload(app.db, s.id);
  const holder = user?.technicianId ?? user?.id ?? 0;
  const licence = createHmac('sha256', app.config.sessionSecret)
    .update(`${s.slug}:${holder}`)
    .digest('hex')
    .slice(0, 20)
    .toUpperCase()
    .replace(/(.{5})(?!$)/g, '$1-');
  return {
    fileName: `${s.slug}-${s.version}-licence.txt`,
    body: [
      `${s.name} ${s.version}`,
      `Publisher: ${s.publisher}`,
      `Licensed through ${BRAND.name} (${tier} plan) to account ${holder}`,
      `Licence key: ${licence}`,
      `Compatible with: ${s.compatibility.join(', ')}`,
      '',
      `Install the publisher's package for your system and enter the licence key when asked.`,
    ].join('\n'),
  };
}
