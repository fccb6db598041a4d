import {
  BookOpen,
  Cable,
  Calculator,
  Car,
  ClipboardList,
  Download,
  FileSearch,
  Gauge,
  Lock,
  Package,
  Star,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Software } from '@shared/schemas/billing';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PATHS } from '@shared/paths';

/** The catalogue names its icons; unknown names get a generic package. */
const ICONS: Record<string, LucideIcon> = {
  BookOpen,
  Cable,
  Calculator,
  Car,
  ClipboardList,
  FileSearch,
  Gauge,
  Wrench,
};

/** One catalogue item: download it, or the plan it requires. */
export function SoftwareCard({ software: s }: { software: Software }) {
  return (
    <Card data-testid="software" className="flex flex-col">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-lg">
            <SoftwareIcon name={s.icon} />
            {s.name}
          </CardTitle>
          <Badge variant={s.requiredPlan === 'Free' ? 'success' : 'outline'}>
            {s.requiredPlan}
          </Badge>
        </div>
        <p className="text-xs text-slate-500">
          {s.category} · v{s.version} · {s.fileSize} · {s.publisher}
        </p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4 text-sm">
        <div className="space-y-2">
          <p className="text-slate-700">{s.description}</p>
          <p className="flex items-center gap-1 text-slate-500">
            <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            {s.rating.toFixed(1)} · {s.downloads.toLocaleString('en-US')} downloads
          </p>
        </div>
        {s.unlocked ? (
          <Button asChild>
            <a href={s.downloadUrl} download>
              <Download className="mr-2 h-4 w-4" aria-hidden="true" /> Download
            </a>
          </Button>
        ) : (
          <Button variant="outline" asChild>
            <Link to={PATHS.platformPayment}>
              <Lock className="mr-2 h-4 w-4" aria-hidden="true" /> Requires {s.requiredPlan} plan
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function SoftwareIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? Package;
  return <Icon className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />;
}
