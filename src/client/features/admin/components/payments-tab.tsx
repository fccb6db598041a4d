import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useAdminPayments } from '../api';
import { money, statusLabel } from '../format';

/** Every technician's plan payments, newest first. */
export function PaymentsTab() {
  const list = useAdminPayments();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments</CardTitle>
      </CardHeader>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <CardContent
        className="overflow-x-auto text-sm"
        tabIndex={0}
        role="region"
        aria-label="Payments table"
      >
        {list.isLoading ? (
          <Skeleton className="h-32" />
        ) : list.isError ? (
          <p role="alert">{errorMessage(list.error, 'Payments could not be loaded')}</p>
        ) : list.data!.length === 0 ? (
          <p className="text-slate-600">No payments yet.</p>
        ) : (
          <table className="w-full">
            <thead>
              <tr className="border-b text-left text-slate-500">
                <th className="py-2">Date</th>
                <th className="py-2">Technician</th>
                <th className="py-2">Description</th>
                <th className="py-2 text-right">Amount</th>
                <th className="py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data!.map((p) => (
                <tr key={p.id} className="border-b">
                  <td className="py-2">{new Date(p.createdAt).toLocaleDateString()}</td>
                  <td className="py-2">{p.technicianName}</td>
                  <td className="py-2">{p.description}</td>
                  <td className="py-2 text-right">{money(p.amount)}</td>
                  <td className="py-2">{statusLabel(p.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
