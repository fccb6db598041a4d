import { Award } from 'lucide-react';
import type { Technician } from '@shared/schemas/technicians';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/** A public profile's specialties, certifications and 'About' cards. */
export function ProfileDetails({ technician: t }: { technician: Technician }) {
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Specialties</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            {t.specialties.map((s) => (
              <Badge key={s} variant="secondary">
                {s}
              </Badge>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Certifications</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1">
              {t.certifications.map((c) => (
                <li key={c} className="flex items-center gap-2">
                  <Award className="h-4 w-4 text-brand-600" aria-hidden="true" /> {c}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      {t.bio && (
        <Card>
          <CardHeader>
            <CardTitle>About</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-slate-700">{t.bio}</p>
          </CardContent>
        </Card>
      )}
    </>
  );
}
