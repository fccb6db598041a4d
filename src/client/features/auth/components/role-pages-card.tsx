import { ExternalLink, ShieldCheck } from 'lucide-react';
import type { Role } from '@shared/constants/domain';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PATHS } from '@shared/paths';

const PAGES: { label: string; path: string; allowed: Role[] | 'all' }[] = [
  { label: 'Admin Dashboard', path: PATHS.adminDashboard, allowed: ['admin'] },
  { label: 'Admin Verifications', path: PATHS.adminVerifications, allowed: ['admin'] },
  {
    label: 'Technician Verifications',
    path: PATHS.technicianVerifications,
    allowed: ['technician', 'admin'],
  },
  {
    label: 'Job Notifications',
    path: PATHS.technicianNotifications,
    allowed: ['technician', 'admin'],
  },
  { label: 'Request Service', path: PATHS.requestService, allowed: 'all' },
  { label: 'Browse Technicians', path: PATHS.technicians, allowed: 'all' },
];

/** The role access demo's page list: which pages the current role may open. */
export function RolePagesCard({ current }: { current: Role | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pages</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {PAGES.map((p) => {
            const restricted = p.allowed !== 'all' && (!current || !p.allowed.includes(current));
            return (
              <li key={p.path} className="flex items-center justify-between gap-2">
                <Button variant="link" className="px-0" asChild>
                  <a href={p.path} target="_blank" rel="noopener noreferrer">
                    {p.label} <ExternalLink />
                  </a>
                </Button>
                {restricted ? (
                  <Badge variant="destructive">Restricted</Badge>
                ) : (
                  <Badge variant="success">
                    <ShieldCheck className="h-3 w-3" /> Allowed
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
