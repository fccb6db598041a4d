import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BRANDING_MESSAGES, LOGO_MAX_BYTES, LOGO_TYPES } from '@shared/branding';
import type { OwnBranding, updateBrandingSchema } from '@shared/schemas/branding';
import { AppError } from '../../infra/app-error';
import { readOrNotFound } from '../../infra/storage';
import { brandingRow, brandingView, logoPath } from '../../domain/branding';
import { attachDocument } from '../../domain/documents';
import { technicianPlan } from '../../domain/entitlements';
import type { DbOrTx } from '../../db/client';
import * as q from './branding.queries';

const LOGO_NOT_FOUND = 'Logo not found';

async function ownBranding(db: DbOrTx, technicianId: number, now: Date): Promise<OwnBranding> {
  const [plan, row] = await Promise.all([
    technicianPlan(db, technicianId, now),
    brandingRow(db, technicianId),
  ]);
  return {
    entitled: plan.branding,
    businessName: row?.businessName ?? null,
    logoUrl: row?.logoDocumentId ? logoPath(technicianId, row.logoDocumentId) : null,
    accentColor: row?.accentColor ?? null,
    footerText: row?.footerText ?? null,
    shown: plan.branding ? brandingView(row) : null,
  };
}

export function createBrandingService(app: FastifyInstance) {
  return {
    get: (technicianId: number) => ownBranding(app.db, technicianId, app.clock()),

    /** Saves what the body gives (Professional only); the logo must be an image of ours. */
    async update(technicianId: number, input: z.output<typeof updateBrandingSchema>) {
      const now = app.clock();
      return app.db.transaction(async (tx) => {
        const plan = await technicianPlan(tx, technicianId, now);
        if (!plan.branding) throw new AppError(403, BRANDING_MESSAGES.planRequired);
        const values: q.BrandingValues = {};
        if (input.businessName !== undefined) values.businessName = input.businessName;
        if (input.footerText !== undefined) values.footerText = input.footerText;
        if (input.accentColor !== undefined) values.accentColor = input.accentColor;
        if (input.logoDocumentId === null) values.logoDocumentId = null;
        if (input.logoDocumentId) {
          const documentId = await attachDocument(tx, app.storage, input.logoDocumentId, {
            kind: 'brandingLogo',
            ownerUserId: (await q.ownerUserIdOf(tx, technicianId)) ?? null,
            now,
          });
          const doc = await q.findDocument(tx, documentId);
          // The type comes from the file's first bytes (checked at upload), not from its name.
          if (!(LOGO_TYPES as readonly string[]).includes(doc?.contentType ?? ''))
            throw new AppError(415, BRANDING_MESSAGES.logoType);
          if ((doc?.sizeBytes ?? 0) > LOGO_MAX_BYTES)
            throw new AppError(413, BRANDING_MESSAGES.logoTooLarge);
          values.logoDocumentId = documentId;
        }
        if (Object.keys(values).length > 0) await q.upsertBranding(tx, technicianId, values);
        return ownBranding(tx, technicianId, now);
      });
    },

    /** The technician's current logo, while their plan shows their branding. */
    async openLogo(technicianId: number, documentId: number) {
      const doc = await q.currentLogo(app.db, technicianId, documentId);
      if (!doc) throw new AppError(404, LOGO_NOT_FOUND);
      const plan = await technicianPlan(app.db, technicianId, app.clock());
      if (!plan.branding) throw new AppError(404, LOGO_NOT_FOUND);
      return {
        contentType: doc.contentType!,
        stream: await readOrNotFound(app.storage, doc.storageKey, LOGO_NOT_FOUND),
      };
    },
  };
}
