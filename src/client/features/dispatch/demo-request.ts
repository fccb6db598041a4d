import type { z } from 'zod';
import type { demoServiceRequestSchema } from '@shared/schemas/service-requests';

/** The demo page's payload for a new service request (demoServiceRequestSchema). */
export type DemoRequest = z.input<typeof demoServiceRequestSchema>;
