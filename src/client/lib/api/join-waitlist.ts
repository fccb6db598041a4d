import { useMutation } from '@tanstack/react-query';
import type { WaitlistRequest } from '@shared/schemas/service-area-waitlist';
import { apiRequest } from '../api-client';

/** POST /api/service-area/waitlist: 'tell me when you do', from outside the service area. */
export const joinWaitlist = (body: WaitlistRequest) =>
  apiRequest<{ message: string }>('POST', '/api/service-area/waitlist', body);

export const useJoinWaitlist = () => useMutation({ mutationFn: joinWaitlist });
