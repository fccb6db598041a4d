import { CheckCircle2, Truck, Wrench, XCircle } from 'lucide-react';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import { formatDateTime } from '../format';

/** One line on where the job stands once a technician has it (or it is over). */
export function StatusBanner({ job }: { job: ServiceRequestDetail }) {
  const first = job.technician?.name.split(' ')[0] ?? 'Your technician';
  const banner = (() => {
    switch (job.status) {
      case 'en_route':
        return {
          icon: Truck,
          tone: 'bg-blue-50 text-blue-900',
          text: `${first} is on the way.`,
        };
      case 'in_progress':
        return {
          icon: Wrench,
          tone: 'bg-indigo-50 text-indigo-900',
          text: `${first} is working on your vehicle.`,
        };
      case 'completed':
        return {
          icon: CheckCircle2,
          tone: 'bg-green-50 text-green-900',
          text: `Job completed${job.completedAt ? ` ${formatDateTime(job.completedAt)}` : ''}.`,
        };
      case 'canceled':
        return {
          icon: XCircle,
          tone: 'bg-slate-100 text-slate-800',
          text: `This request was canceled${job.canceledAt ? ` ${formatDateTime(job.canceledAt)}` : ''}.${job.cancelReason ? ` Reason: ${job.cancelReason}` : ''}`,
        };
      default:
        return null;
    }
  })();
  if (!banner) return null;
  const Icon = banner.icon;
  return (
    <p
      role="status"
      data-testid="status-banner"
      className={`flex items-center gap-2 rounded-md p-4 font-medium ${banner.tone}`}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
      {banner.text}
    </p>
  );
}
