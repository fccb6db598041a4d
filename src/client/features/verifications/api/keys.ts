/** Query keys of the verifications feature; every change invalidates `all`. */
export const verificationKeys = {
  all: ['verifications'] as const,
  own: (technicianId: number) => ['verifications', 'technician', technicianId] as const,
  pending: ['verifications', 'pending'] as const,
  expiring: ['verifications', 'expiring'] as const,
  lapsed: ['verifications', 'lapsed'] as const,
};
