import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerDocumentRoutes } from './documents/documents.routes';
import { registerPayPalRoutes } from './documents/documents.paypal.routes';
import { registerIntakeRoutes } from './intake/intake.routes';
import { registerMessageRoutes } from './messages/messages.routes';
import { registerMoveRoutes } from './moves/moves.routes';
import { registerPageNotifyRoutes } from './page/page.notify.routes';
import { registerPageRoutes } from './page/page.routes';
import { registerPhotoRoutes } from './photos/photos.routes';
import { registerReviewRoutes } from './reviews/reviews.routes';
import { registerWarrantyRoutes } from './warranty/warranty.routes';
import { registerArrivalRoutes } from './arrival/arrival.routes';

/**
 * The service request, one aggregate: every route under /api/service-requests (and the photo
 * upload that precedes one), by concern. Intake makes it; its page shows it to each viewer;
 * moves take it through its life; photos, the review, the messages and the documents (quotes, invoices,
 * payments) belong to it.
 */
export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  registerIntakeRoutes(app);
  await registerPhotoRoutes(app);
  registerPageRoutes(app);
  registerPageNotifyRoutes(app);
  registerMoveRoutes(app);
  registerReviewRoutes(app);
  registerMessageRoutes(app);
  registerWarrantyRoutes(app);
  registerArrivalRoutes(app);
  registerDocumentRoutes(app);
  registerPayPalRoutes(app);
};
