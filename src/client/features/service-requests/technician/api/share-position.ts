import { useMutation } from '@tanstack/react-query';
import type { Arrival, PositionInput } from '@shared/schemas/arrival';
import { apiRequest } from '../../../../lib/api-client';
import { serviceRequestUrl, type ServiceRequestRef } from '../../api/keys';

/**
 * POST /api/service-requests/:reference/position: the technician on the way shares where they
 * are (ADR 045); answers the arrival estimate the customer now sees.
 */
export const sharePosition = (ref: ServiceRequestRef, body: PositionInput) =>
  apiRequest<Arrival>('POST', serviceRequestUrl(ref, '/position'), body);

export const useSharePosition = (ref: ServiceRequestRef) =>
  useMutation({ mutationFn: (body: PositionInput) => sharePosition(ref, body) });
