import { countdown } from '../countdown';
import { useNow } from '../use-now';

/** The dispatch round's time left, ticking every second. */
export function RoundCountdown({ until }: { until: string }) {
  const now = useNow();
  return (
    <span role="timer" aria-label="Time left in this round">
      {countdown(until, now)}
    </span>
  );
}
