import { useState, type FormEvent, type ReactNode } from 'react';
import { PHONE_EXAMPLE } from '@shared/phone';
import type { NotificationSettings } from '@shared/schemas/notifications';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { notify } from '../../../lib/toast';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import {
  checkSettingsDraft,
  draftOf,
  serverSettingsErrors,
  type SettingsDraft,
  type SettingsErrors,
  type SettingsField,
} from '../settings-form';
import { US_TIME_ZONES } from '../time-zones';
import { DeviceList } from './device-list';
import { focusFirstError } from '../../../lib/focus-first-error';

/**
 * The profile's 'Notifications' card: channels, SMS number, customers' payment reminders, quiet
 * hours, devices.
 */
export function NotificationSettingsCard() {
  const settings = useNotificationSettings();
  return (
    <Card role="region" aria-labelledby="notification-settings-title" className="mt-6">
      <CardHeader>
        <CardTitle id="notification-settings-title">Notifications</CardTitle>
        <CardDescription>
          How Wrenchly tells you about new jobs when the app is closed, and reminds your customers
          of unpaid invoices.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {settings.isLoading ? (
          <Skeleton className="h-48" />
        ) : settings.isError || !settings.data ? (
          <p role="alert" className="text-sm text-red-700">
            Your notification settings could not be loaded.
          </p>
        ) : (
          // Keyed by what the server stored, so the form restarts from it after a save.
          <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
        )}
        <DeviceList />
      </CardContent>
    </Card>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  );
}

function ChannelSwitch({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

const CHANNELS = [
  {
    key: 'push',
    label: 'Push',
    hint: 'On the devices below (turn it on per device on the Job Notifications page).',
  },
  { key: 'email', label: 'E-mail', hint: "To your account's e-mail address." },
  { key: 'sms', label: 'SMS', hint: 'A text message to your mobile phone.' },
] as const;

const QUIET_TIMES = [
  { field: 'quietStart', id: 'ns-quiet-start', label: 'Quiet hours start' },
  { field: 'quietEnd', id: 'ns-quiet-end', label: 'Quiet hours end' },
] as const;

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const [d, setD] = useState<SettingsDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const update = useUpdateNotificationSettings();
  const set = (patch: Partial<SettingsDraft>) => setD({ ...d, ...patch });
  const invalid = (field: SettingsField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `ns-${field}-error` } : {};
  const zones = US_TIME_ZONES.some((z) => z.value === d.timeZone)
    ? US_TIME_ZONES
    : [{ value: d.timeZone, label: d.timeZone }, ...US_TIME_ZONES];

  const save = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkSettingsDraft(d);
    if (!checked.ok) {
      focusFirstError(e.currentTarget);
      return setErrors(checked.errors);
    }
    setErrors({});
    update.mutate(checked.body, {
      onSuccess: () => notify({ title: 'Notification settings saved' }),
      onError: (err) => setErrors(serverSettingsErrors(err)),
    });
  };

  return (
    <form onSubmit={save} noValidate className="space-y-6">
      <fieldset className="space-y-4" disabled={update.isPending}>
        <legend className="sr-only">Channels</legend>
        {CHANNELS.map((c) => (
          <ChannelSwitch
            key={c.key}
            id={`ns-${c.key}`}
            label={c.label}
            hint={c.hint}
            checked={d[c.key]}
            onChange={(on) => set({ [c.key]: on })}
          />
        ))}
        {d.sms && (
          <div className="space-y-1.5">
            <Label htmlFor="ns-sms-phone">Mobile phone for SMS</Label>
            <Input
              id="ns-sms-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={PHONE_EXAMPLE}
              value={d.smsPhone}
              onChange={(e) => set({ smsPhone: e.target.value })}
              {...invalid('smsPhone')}
            />
            <FieldError id="ns-smsPhone-error" error={errors.smsPhone} />
          </div>
        )}
      </fieldset>

      <fieldset className="space-y-4" disabled={update.isPending}>
        <legend className="text-sm font-semibold text-slate-800">Your customers</legend>
        <ChannelSwitch
          id="ns-invoice-reminders"
          label="Payment reminders"
          hint="Unpaid invoices remind the customer 3, 7 and 14 days after you issue them (e-mail, and a text when they opted in). Turn them off per invoice in the point of sale."
          checked={d.invoiceReminders}
          onChange={(on) => set({ invoiceReminders: on })}
        />
      </fieldset>

      <fieldset className="space-y-4" disabled={update.isPending}>
        <legend className="text-sm font-semibold text-slate-800">Quiet hours</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-6 shrink-0 accent-primary sm:size-5"
            checked={d.quietEnabled}
            onChange={(e) => set({ quietEnabled: e.target.checked })}
          />
          No alerts during quiet hours
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          {QUIET_TIMES.map((q) => (
            <div key={q.field} className="space-y-1.5">
              <Label htmlFor={q.id}>{q.label}</Label>
              <Input
                id={q.id}
                type="time"
                required
                disabled={!d.quietEnabled}
                value={d[q.field]}
                onChange={(e) => set({ [q.field]: e.target.value })}
                {...invalid(q.field)}
              />
              <FieldError id={`ns-${q.field}-error`} error={errors[q.field]} />
            </div>
          ))}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="ns-time-zone">Time zone</Label>
          <Select
            id="ns-time-zone"
            value={d.timeZone}
            onChange={(e) => set({ timeZone: e.target.value })}
            {...invalid('timeZone')}
          >
            {zones.map((z) => (
              <option key={z.value} value={z.value}>
                {z.label}
              </option>
            ))}
          </Select>
          <FieldError id="ns-timeZone-error" error={errors.timeZone} />
        </div>
      </fieldset>

      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save notification settings'}
      </Button>
    </form>
  );
}
