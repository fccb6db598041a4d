import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

/** A feature the technician's plan does not include: what it offers, and the way to the plans. */
export function PlanRequired({
  icon: Icon,
  title,
  message,
  features,
}: {
  icon: LucideIcon;
  title: string;
  /** The server's 403 message, then what the feature gives ('. With it you can:'). */
  message: ReactNode;
  features: ReactNode[];
}) {
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="h-5 w-5" aria-hidden="true" /> {title}
        </p>
        <p className="text-slate-600">{message}</p>
        <ul className="list-disc space-y-1 pl-5 text-slate-700">
          {features.map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
        <Button asChild>
          <Link to={PATHS.platformPayment}>See Plans</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
