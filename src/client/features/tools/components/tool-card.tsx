import {
  ArrowRight,
  Car,
  ClipboardList,
  FileSearch,
  Lock,
  Package,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { ToolItem } from '@shared/schemas/tools';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/** The catalogue names its icons; unknown names get a generic package. */
const ICONS: Record<string, LucideIcon> = { Car, ClipboardList, FileSearch };

/** One catalogue entry: a link to the tool's page (which asks to sign in or upgrade if needed). */
export function ToolCard({ tool: t }: { tool: ToolItem }) {
  const Icon = ICONS[t.icon] ?? Package;
  return (
    <Card data-testid="software" className="flex flex-col">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-lg">
            <Icon className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
            {t.name}
          </CardTitle>
          <Badge variant={t.requiredPlan === 'Free' ? 'success' : 'outline'}>
            {t.requiredPlan}
          </Badge>
        </div>
        <p className="text-xs text-slate-500">{t.category} · runs in your browser</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-4 text-sm">
        <div className="space-y-2">
          <p className="text-slate-700">{t.description}</p>
          <ul className="list-inside list-disc text-slate-500">
            {t.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
        <Button asChild variant={t.unlocked ? 'default' : 'outline'}>
          <Link to={t.path}>
            {t.unlocked ? (
              <>
                Open {t.name} <ArrowRight className="ml-2 h-4 w-4" aria-hidden="true" />
              </>
            ) : (
              <>
                <Lock className="mr-2 h-4 w-4" aria-hidden="true" /> {t.name}: {t.requiredPlan} plan
              </>
            )}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
