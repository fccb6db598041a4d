import { dbId } from '@shared/schemas/common';
import {
  referenceParamSchema,
  requestTokenQuerySchema,
} from '@shared/schemas/service-request-views';
import {
  warrantyAnswerSchema,
  warrantyClaimInputSchema,
  warrantyClaimSchema,
  warrantyViewSchema,
} from '@shared/schemas/warranty';
import { errorResponsesFor } from '../../../infra/route-errors';
import { serviceRequestTags as tags, type ServiceRequestApp } from '../service-requests.http';
import { createWarrantyService } from './warranty.service';

const TERM =
  'The workmanship warranty runs at least 12 months from completion and 12,000 miles from the job’s mileage (when known), whichever ends first, or the longer terms the job’s signed quote states (`terms`).';

/** Warranty claims on a completed job (ADR 044). */
export function registerWarrantyRoutes(app: ServiceRequestApp) {
  const service = createWarrantyService(app);

  app.get(
    '/api/service-requests/:reference/warranty-claims',
    {
      config: { access: 'public' },
      schema: {
        summary: "A job's warranty and its claims",
        operationId: 'getWarrantyClaims',
        tags,
        description: `The warranty's term, whether the viewer (the customer) may open a claim now, and the claims with their answers. ${TERM} For whoever sees the request.`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        response: { 200: warrantyViewSchema, ...errorResponsesFor(400, 404) },
      },
    },
    async (request) => service.view(request.params.reference, request.user, request.query.t),
  );

  app.post(
    '/api/service-requests/:reference/warranty-claims',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        summary: 'Open a warranty claim on a completed job',
        operationId: 'openWarrantyClaim',
        tags,
        description: `The customer (signed in, or with the request's link) says what went wrong and, when they know it, the mileage now; the technician is told. 409 before completion, after the term, or while a claim waits for its answer. ${TERM}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        body: warrantyClaimInputSchema,
        response: { 201: warrantyClaimSchema, ...errorResponsesFor(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.open(request.params.reference, request.user, request.query.t, request.body),
        ),
  );

  app.post(
    '/api/service-requests/:reference/warranty-claims/:id/answer',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Answer a warranty claim',
        operationId: 'answerWarrantyClaim',
        tags,
        description:
          'The technician who did the job, or an admin stepping in: accept (a new job at no charge with the same technician, linked to this one) or decline with a reason. The customer is told; the answer is on the timeline and in the audit log. 409 once answered.',
        params: referenceParamSchema.extend({ id: dbId('Must be a warranty claim id') }),
        body: warrantyAnswerSchema,
        response: { 200: warrantyClaimSchema, ...errorResponsesFor(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.answer(request.params.reference, request.user, request.params.id, request.body),
  );
}
