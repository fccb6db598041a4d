import { Phone } from 'lucide-react';
import { Link } from 'react-router';
import { technicianPath } from '@shared/paths';
import { formatPhone, phoneHref } from '@shared/phone';
import { Avatar } from '../../../../components/ui/avatar';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { StarRating } from '../../../../components/ui/star-rating';
import type { ServiceRequestDetail } from '../../api/get-service-request';

type Technician = NonNullable<ServiceRequestDetail['technician']>;

/** The assigned technician: photo, name (to the profile), rating and a tap-to-call link. */
export function TechnicianCard({ technician }: { technician: Technician }) {
  const rating = Number(technician.rating) || 0;
  const firstName = technician.name.split(' ')[0] ?? technician.name;
  const phone = technician.phone;
  const call = phone ? phoneHref(phone) : null;
  return (
    <Card aria-labelledby="technician-heading" data-testid="assigned-technician">
      <CardContent className="space-y-3 pt-6">
        <h2 id="technician-heading" className="text-sm font-medium text-slate-500">
          Your technician
        </h2>
        <div className="flex items-center gap-4">
          <Avatar
            name={technician.name}
            src={technician.profileImage}
            alt={`Photo of ${technician.name}`}
          />
          <div className="min-w-0 space-y-1">
            <Link
              to={technicianPath(technician.id)}
              className="text-lg font-semibold text-primary underline-offset-4 hover:underline"
            >
              {technician.name}
            </Link>
            <p className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
              <StarRating rating={rating} />
              <span>{rating.toFixed(1)}</span>
              <span>({technician.totalReviews} reviews)</span>
            </p>
          </div>
        </div>
        {call ? (
          <Button variant="outline" className="w-full" asChild>
            <a href={call}>
              <Phone aria-hidden="true" />
              Call {firstName}: {formatPhone(phone!)}
            </a>
          </Button>
        ) : (
          // A number stored before the phone rule that it could not read: not a link.
          phone && <p className="text-sm text-slate-700">Phone: {phone}</p>
        )}
      </CardContent>
    </Card>
  );
}
