import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { JOB_EVENTS, type JobNotification } from '@shared/schemas/job-notifications';
import { apiRequest, getJson } from '../../lib/api-client';

/** The spec's poll: the fallback when the push stream is down. */
export const POLL_MS = 5000;

export const notificationKeys = {
  forTechnician: (id: number) => ['/api/job-notifications/technician', id] as const,
};

export const useJobNotifications = (technicianId: number | null) =>
  useQuery({
    queryKey: notificationKeys.forTechnician(technicianId ?? 0),
    queryFn: () => getJson<JobNotification[]>(`/api/job-notifications/technician/${technicianId}`),
    enabled: technicianId !== null,
    refetchInterval: POLL_MS,
  });

/**
 * New and closed notifications pushed over Server-Sent Events: each event refreshes the list.
 * EventSource reconnects by itself and resumes from the last event id it saw.
 */
export function useJobNotificationStream(technicianId: number | null) {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (technicianId === null || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/job-notifications/stream', { withCredentials: true });
    const refresh = () =>
      void qc.invalidateQueries({ queryKey: notificationKeys.forTechnician(technicianId) });
    source.addEventListener('ready', () => setConnected(true));
    for (const type of JOB_EVENTS) source.addEventListener(type, refresh);
    source.onerror = () => setConnected(false);
    return () => {
      source.close();
      setConnected(false);
    };
  }, [technicianId, qc]);
  return connected;
}

export function useAnswerNotification(technicianId: number | null) {
  const qc = useQueryClient();
  const refresh = () =>
    qc.invalidateQueries({ queryKey: notificationKeys.forTechnician(technicianId ?? 0) });
  const accept = useMutation({
    mutationFn: (id: number) => apiRequest('PATCH', `/api/job-notifications/${id}/accept`),
    onSettled: refresh,
  });
  const decline = useMutation({
    mutationFn: (v: { id: number; declineReason: string }) =>
      apiRequest('PATCH', `/api/job-notifications/${v.id}/decline`, {
        declineReason: v.declineReason,
      }),
    onSettled: refresh,
  });
  return { accept, decline };
}

/** The current time, ticking every second while mounted. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** 'm:ss' left until `expiresAt`, never negative. */
export function countdown(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}
