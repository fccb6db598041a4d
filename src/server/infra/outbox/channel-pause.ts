import type { OutboxChannel } from '@shared/schemas/notifications';

/** The first pause after a channel's service could not be reached; each further one doubles. */
export const PAUSE_FIRST_MS = 1_000;
/** The longest pause: a relay that comes back is used again within this. */
export const PAUSE_MAX_MS = 15_000;

/**
 * Channels whose service (the SMTP relay) could not be reached. While one is paused the worker
 * claims none of its messages, and puts back untried those it had claimed: an outage is the
 * relay's, not each message's, so it neither spends their attempts nor pushes them a minute or
 * more down the retry ladder. The pause grows while the service stays away and ends at its
 * first delivery.
 */
export function channelPauses(clock: () => Date, onResume: () => void) {
  const until = new Map<OutboxChannel, number>();
  const step = new Map<OutboxChannel, number>();
  const timers = new Map<OutboxChannel, NodeJS.Timeout>();
  return {
    paused(channel: OutboxChannel) {
      return (until.get(channel) ?? 0) > clock().getTime();
    },
    /** Pauses the channel; returns the pause in ms when it starts one, or 0 if one runs. */
    pause(channel: OutboxChannel): number {
      if (this.paused(channel)) return 0;
      const ms = step.get(channel) ?? PAUSE_FIRST_MS;
      step.set(channel, Math.min(ms * 2, PAUSE_MAX_MS));
      until.set(channel, clock().getTime() + ms);
      clearTimeout(timers.get(channel));
      const timer = setTimeout(onResume, ms);
      timer.unref();
      timers.set(channel, timer);
      return ms;
    },
    /** The service answered: the next outage starts again with the shortest pause. */
    reached(channel: OutboxChannel) {
      step.delete(channel);
    },
    stop() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
