import { BellOff, BellRing } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { usePushDevice, type PushDeviceStatus } from '../use-push-device';

const NOTES: Partial<Record<PushDeviceStatus, string>> = {
  checking: 'Checking this device…',
  unsupported:
    'This browser cannot receive push notifications. Keep this page open for live updates, or turn on e-mail or SMS alerts in your profile. On an iPhone or iPad, add Wrenchly to your Home Screen first.',
  unavailable: 'Push notification settings could not be loaded. Please try again later.',
  disabled: 'Push notifications are not available on Wrenchly right now.',
  denied:
    'Notifications are blocked for Wrenchly in this browser. Allow them in the site settings, then reload this page.',
};

/** 'Job alerts on this device': turns Web Push on or off for the browser in use. */
export function PushOptInCard() {
  const push = usePushDevice();
  const note = NOTES[push.status];
  return (
    <Card role="region" aria-labelledby="push-opt-in-title" className="mb-8">
      <CardHeader>
        <CardTitle id="push-opt-in-title">Job alerts on this device</CardTitle>
        <CardDescription>
          A notification with Accept and View for every new job near you, even when Wrenchly is
          closed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {push.status === 'on' && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm font-medium text-green-700">
              <BellRing className="h-4 w-4" aria-hidden="true" />
              Push notifications are on for this device
            </p>
            <Button variant="outline" size="sm" disabled={push.busy} onClick={push.disable}>
              <BellOff aria-hidden="true" />
              Turn off
            </Button>
          </div>
        )}
        {push.status === 'off' && (
          <Button disabled={push.busy} onClick={push.enable}>
            <BellRing aria-hidden="true" />
            Enable push notifications
          </Button>
        )}
        {note && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {note}
          </p>
        )}
        {push.error && (
          <p role="alert" className="text-sm text-red-700">
            {push.error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
