import { Award, Clock } from 'lucide-react';
import { WarrantyStatement } from '../../../components/warranty-statement';
import { startingPriceText } from '@shared/schemas/starting-prices';
import type { Technician } from '@shared/schemas/technicians';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * A public profile's specialties, certifications and 'About' cards. Certifications are the
 * verified ones; the technician looking at their own profile also sees those still in review,
 * marked as such (nobody else gets them).
 */
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
            {t.certifications.length + (t.pendingCertifications?.length ?? 0) === 0 ? (
              <p className="text-slate-600">No verified certifications yet.</p>
            ) : (
              <ul className="space-y-1">
                {t.certifications.map((c) => (
                  <li key={`v-${c}`} className="flex items-center gap-2">
                    <Award className="h-4 w-4 text-brand-600" aria-hidden="true" /> {c}
                  </li>
                ))}
                {t.pendingCertifications?.map((c) => (
                  <li key={`p-${c}`} className="flex flex-wrap items-center gap-2">
                    <Clock className="h-4 w-4 text-slate-500" aria-hidden="true" /> {c}
                    <Badge variant="outline">Pending review</Badge>
                  </li>
                ))}
              </ul>
            )}
            {(t.pendingCertifications?.length ?? 0) > 0 && (
              <p className="mt-2 text-sm text-slate-500">
                Certifications in review are not shown to the public.
              </p>
            )}
          </CardContent>
        </Card>
      </div>
      {t.startingPrices && t.startingPrices.length > 0 && (
        <Card role="region" aria-labelledby="starting-prices-heading">
          <CardHeader>
            <CardTitle id="starting-prices-heading">Starting prices</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            <ul className="space-y-1 text-slate-700" data-testid="starting-prices">
              {t.startingPrices.map((p) => (
                <li key={`${p.serviceType}-${p.description}`}>
                  <span className="text-slate-500">{p.serviceType} · </span>
                  {startingPriceText(p)}
                </li>
              ))}
            </ul>
            <p className="text-xs text-slate-500">
              Set by the technician; the quote on the spot gives the final price.
            </p>
          </CardContent>
        </Card>
      )}
      {t.warranty && (
        <Card role="region" aria-labelledby="warranty-heading">
          <CardHeader>
            <CardTitle id="warranty-heading">Warranty</CardTitle>
          </CardHeader>
          <CardContent>
            <WarrantyStatement terms={t.warranty} className="text-slate-700" />
          </CardContent>
        </Card>
      )}
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
