import { useMemo } from 'react';
import { useInvoices } from './api/get-invoices';
import { useQuotes } from './api/get-quotes';
import { usePayments } from './api/get-payments';
import { usePosSync } from './offline/pos-sync';
import { applyChanges } from './offline/views';

/**
 * The technician's quotes, invoices and payments as the server last sent them, with the
 * changes still on the device applied (ADR 013). All three lists load together, so that each
 * tab can be read offline once the point of sale has been opened.
 */
export function usePosLists(technicianId: number) {
  const quotes = useQuotes(technicianId);
  const invoices = useInvoices(technicianId);
  const payments = usePayments(technicianId);
  const { changes } = usePosSync();
  const views = useMemo(
    () =>
      applyChanges(
        { quotes: quotes.data, invoices: invoices.data, payments: payments.data },
        changes,
        technicianId,
      ),
    [quotes.data, invoices.data, payments.data, changes, technicianId],
  );
  return { quotes, invoices, payments, views };
}
