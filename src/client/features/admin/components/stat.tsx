import type { Users } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';

export function Stat({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: typeof Users;
  label: string;
  value: string;
  note: string;
}) {
  return (
    <Card>
      <CardContent className="pt-6">
        <div className="flex items-center justify-between text-sm text-slate-600">
          {label}
          <Icon className="h-4 w-4" aria-hidden="true" />
        </div>
        <p className="mt-2 text-2xl font-bold">{value}</p>
        <p className="text-xs text-slate-500">{note}</p>
      </CardContent>
    </Card>
  );
}
