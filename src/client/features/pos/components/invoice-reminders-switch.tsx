import { useId } from 'react';
import { INVOICE_REMINDER_DAYS } from '@shared/schemas/invoice-reminders';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { useUpdateInvoiceReminders } from '../api/update-invoice-reminders';
import type { InvoiceView } from '../offline/views';

/** Where an invoice's reminders stand: 'Off', '1 of 3 sent', or held by a dispute. */
export function remindersState(i: Pick<InvoiceView, 'reminders' | 'status'>) {
  if (!i.reminders.enabled) return 'Off';
  if (i.status === 'disputed') return 'Paused while disputed';
  return `${i.reminders.sent} of ${INVOICE_REMINDER_DAYS.length} sent`;
}

/**
 * An unpaid invoice's 'Payment reminders' switch: the customer is reminded 3, 7 and 14 days after
 * the invoice was issued unless the technician turns it off here (or in their notification
 * settings). It needs the server: an invoice made offline shows it once synced.
 */
export function InvoiceRemindersSwitch({
  invoice,
}: {
  invoice: Pick<InvoiceView, 'reminders' | 'status' | 'invoiceNumber'> & { id: number };
}) {
  const id = useId();
  const update = useUpdateInvoiceReminders();
  const error = useFormError();
  // What was asked shows while the server answers (and the lists refresh).
  const enabled = update.isPending ? update.variables.enabled : invoice.reminders.enabled;
  const state = remindersState({
    status: invoice.status,
    reminders: { ...invoice.reminders, enabled },
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Switch
        id={id}
        checked={enabled}
        disabled={update.isPending}
        aria-label={`Payment reminders for ${invoice.invoiceNumber ?? 'this invoice'}`}
        aria-describedby={[`${id}-state`, error.describedBy].filter(Boolean).join(' ')}
        onCheckedChange={(on) => {
          error.clear();
          update.mutate(
            { invoiceId: invoice.id, enabled: on },
            {
              onError: (err) =>
                error.report(
                  err,
                  "The invoice's reminders could not be changed. Please try again.",
                ),
            },
          );
        }}
      />
      <Label htmlFor={id} className="text-sm">
        Payment reminders
      </Label>
      <span id={`${id}-state`} className="text-sm text-slate-600" data-testid="reminders-state">
        {state}
      </span>
      <div className="w-full">
        <FormError id={error.id} message={error.message} />
      </div>
    </div>
  );
}
