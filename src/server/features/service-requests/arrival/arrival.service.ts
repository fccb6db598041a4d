import type { FastifyInstance } from 'fastify';
import { POSITION_INTERVAL_SECONDS } from '@shared/arrival';
import type { Arrival, PositionInput } from '@shared/schemas/arrival';
import { arrivalOf } from '../../../domain/arrival';
import { resolveRequestViewer } from '../../../domain/request-access';
import { announce } from '../../../domain/request-timeline';
import { AppError } from '../../../infra/app-error';
import type { SessionUser } from '../../../infra/session';
import { technicianCard } from '../service-requests.queries';
import * as q from './arrival.queries';

export const ONLY_TECHNICIAN_SHARES = 'Only the technician on the way can share their position';
export const NOT_ON_THE_WAY =
  'Your position is shared only while you are on the way to this job (tap On my way first)';
export const TOO_OFTEN = `Share your position at most every ${POSITION_INTERVAL_SECONDS} seconds`;

/** Slack for the device's timer and the network: a position a little early is still taken. */
const SLACK_MS = 5_000;
/** About 11 metres: where they are on the street, not which side of the car. */
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The technician on the way shares where they are; the customer's page follows (ADR 045). */
export function createArrivalService(app: FastifyInstance) {
  return {
    async share(
      reference: string,
      user: SessionUser | null,
      input: PositionInput,
    ): Promise<Arrival> {
      return app.db.transaction(async (tx) => {
        const { request, viewer } = await resolveRequestViewer(
          app,
          reference,
          user,
          undefined,
          tx,
          true,
        );
        if (viewer.role !== 'technician') throw new AppError(403, ONLY_TECHNICIAN_SHARES);
        if (request.status !== 'en_route') throw new AppError(409, NOT_ON_THE_WAY);
        const now = app.clock();
        if (request.technicianPositionAt) {
          const wait =
            request.technicianPositionAt.getTime() +
            POSITION_INTERVAL_SECONDS * 1000 -
            now.getTime();
          if (wait > SLACK_MS)
            throw new AppError(429, TOO_OFTEN, undefined, Math.ceil(wait / 1000));
        }
        const after = await q.setPosition(tx, request.id, {
          latitude: round4(input.latitude),
          longitude: round4(input.longitude),
          at: now,
        });
        await announce(app, tx, request, after, 'position');
        const card = await technicianCard(tx, request.assignedTechnicianId!);
        const base = card ? { latitude: card.baseLatitude, longitude: card.baseLongitude } : null;
        return arrivalOf(after, base, now);
      });
    },
  };
}
