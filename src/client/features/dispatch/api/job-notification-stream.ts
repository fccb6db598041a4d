import { useQueryClient } from '@tanstack/react-query';
import { JOB_EVENTS } from '@shared/schemas/dispatch';
import { useJobNotificationEvents } from '../../../lib/api/job-notification-stream';
import { notificationKeys } from './keys';

/** New and closed notifications pushed on the technician's stream: each refreshes the list. */
export function useJobNotificationStream(technicianId: number | null) {
  const qc = useQueryClient();
  return useJobNotificationEvents(
    technicianId !== null,
    JOB_EVENTS,
    () => {
      if (technicianId !== null)
        void qc.invalidateQueries({ queryKey: notificationKeys.forTechnician(technicianId) });
    },
    technicianId,
  );
}
