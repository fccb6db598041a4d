import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useCreatePushSubscription } from './api/create-push-subscription';
import { useDeletePushSubscription } from './api/delete-push-subscription';
import { usePushConfig } from './api/get-push-config';
import { usePushSubscriptions } from './api/list-push-subscriptions';
import {
  NoServiceWorkerError,
  currentPushSubscription,
  pushSupported,
  subscribeThisDevice,
} from './push-device';

export type PushDeviceStatus =
  'checking' | 'unsupported' | 'unavailable' | 'disabled' | 'denied' | 'off' | 'on';

/**
 * Push on this device: on when the browser holds a subscription the server also has. `enable`
 * asks for permission, subscribes and registers the device; `disable` removes it on both sides.
 */
export function usePushDevice() {
  const supported = pushSupported();
  const config = usePushConfig();
  const devices = usePushSubscriptions();
  const create = useCreatePushSubscription();
  const remove = useDeletePushSubscription();
  // undefined: not read yet; null: this browser has no subscription.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    supported ? Notification.permission : 'default',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentPushSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [supported]);

  const record = endpoint ? devices.data?.find((d) => d.endpoint === endpoint) : undefined;
  const publicKey = config.data?.enabled ? config.data.publicKey : null;
  const status: PushDeviceStatus = !supported
    ? 'unsupported'
    : config.isError || devices.isError
      ? 'unavailable'
      : config.isLoading || devices.isLoading || endpoint === undefined
        ? 'checking'
        : !publicKey
          ? 'disabled'
          : permission === 'denied'
            ? 'denied'
            : record
              ? 'on'
              : 'off';

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof NoServiceWorkerError ? err.message : errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };

  const enable = () =>
    run(async () => {
      if (!publicKey) return;
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      const input = await subscribeThisDevice(publicKey);
      await create.mutateAsync(input);
      setEndpoint(input.endpoint);
    }, 'Could not turn on push notifications. Please try again.');

  const disable = () =>
    run(async () => {
      if (record) await remove.mutateAsync(record.id);
      const subscription = await currentPushSubscription();
      await subscription?.unsubscribe();
      setEndpoint(null);
    }, 'Could not turn off push notifications. Please try again.');

  return { status, busy, error, enable, disable, endpoint: endpoint ?? null };
}
