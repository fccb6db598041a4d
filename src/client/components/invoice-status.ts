import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@shared/constants/domain';

/**
 * How an invoice's status shows wherever it does (the point of sale, the technician's job page,
 * the customer's request page): paid in green, due in amber, disputed (a chargeback) in red.
 * `pendingLabel` names an unpaid invoice for the reader ('Payment due' for the customer).
 */
export function invoiceStatusBadge(status: InvoiceStatus, pendingLabel = 'Pending') {
  return {
    variant:
      status === 'paid'
        ? ('success' as const)
        : status === 'disputed'
          ? ('destructive' as const)
          : ('warning' as const),
    label: status === 'pending' ? pendingLabel : INVOICE_STATUS_LABELS[status],
  };
}
