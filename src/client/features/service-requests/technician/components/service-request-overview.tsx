import { Mail, MapPin, Navigation, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { PickedWindows } from '../../../../components/picked-windows';
import { URGENCY_LABELS } from '@shared/constants/service-types';
import { formatPhone, phoneHref } from '@shared/phone';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatCalendarDate } from '../../../../lib/dates';
import { formatWindow, vehicleLine } from '../format';
import { RequestPhotos } from '../../../../components/request-photos';

/** What the technician needs to do the job: the customer, where, what, when. */
export function ServiceRequestOverview({ job }: { job: ServiceRequestDetail }) {
  const phone = job.customer.phone;
  const call = phone ? phoneHref(phone) : null;
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Customer</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="font-medium">{job.customer.name}</p>
          <div className="flex flex-wrap gap-2">
            {call ? (
              <Button asChild variant="outline" size="sm">
                <a href={call}>
                  <Phone className="mr-1 h-4 w-4" aria-hidden="true" /> Call {formatPhone(phone!)}
                </a>
              </Button>
            ) : (
              // A number stored before the phone rule that it could not read: not a link.
              phone && <p className="self-center text-sm text-slate-700">Phone: {phone}</p>
            )}
            {job.status !== 'canceled' && (
              <Button asChild variant="outline" size="sm">
                <a href="#messages">
                  <Mail className="mr-1 h-4 w-4" aria-hidden="true" /> Message customer
                </a>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Job</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-3 text-sm">
            <Row label="Address">
              <span className="flex items-start gap-1">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                {job.location}
              </span>
              {job.directionsUrl && (
                <a
                  href={job.directionsUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-1 inline-flex items-center gap-1 text-primary underline"
                >
                  <Navigation className="h-4 w-4" aria-hidden="true" /> Directions
                </a>
              )}
            </Row>
            <Row label="Vehicle">{vehicleLine(job) ?? 'Not given'}</Row>
            <Row label="Service">{job.serviceType}</Row>
            <Row label="Urgency">{URGENCY_LABELS[job.urgency]}</Row>
            <Row label="Preferred date">
              {job.preferredDate ? formatCalendarDate(job.preferredDate) : 'Flexible'}
            </Row>
            <Row label="Windows asked for">
              <PickedWindows windows={job.requestedWindows} />
            </Row>
            <Row label="Arrival window">
              {job.window ? (
                <>
                  {formatWindow(job.window.start, job.window.end)}
                  <span className="block text-slate-500">
                    {job.window.confirmedAt
                      ? 'Confirmed by the customer'
                      : 'Waiting for the customer to confirm'}
                  </span>
                </>
              ) : (
                'Not proposed yet'
              )}
            </Row>
          </dl>
          <p className="mb-1 mt-4 text-sm font-medium text-slate-500">Problem</p>
          <p className="whitespace-pre-line rounded-md bg-slate-50 p-3 text-sm">{job.problem}</p>
          {job.photos.length > 0 && (
            <div className="mt-3">
              <RequestPhotos photos={job.photos} />
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
