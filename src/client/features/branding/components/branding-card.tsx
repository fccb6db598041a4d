import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  BUSINESS_NAME_MAX,
  DEFAULT_ACCENT,
  FOOTER_TEXT_MAX,
  HEX_COLOR,
  normalizeHex,
  readableTextColor,
} from '@shared/branding';
import { PATHS } from '@shared/paths';
import type { OwnBranding } from '@shared/schemas/branding';
import { BrandFooter, BrandHeader } from '../../../components/brand-header';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useOwnBranding } from '../api/get-own-branding';
import { useUpdateBranding } from '../api/update-branding';
import { LogoField } from './logo-field';

/** The profile's 'Branding' card: Professional technicians brand their documents and e-mails. */
export function BrandingCard() {
  const branding = useOwnBranding();
  return (
    <Card role="region" aria-labelledby="branding-title" className="mt-6">
      <CardHeader>
        <CardTitle id="branding-title">Branding</CardTitle>
        <CardDescription>
          Your business name, logo, accent colour and footer on your quotes, invoices, receipts and
          the e-mails about them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {branding.isLoading ? (
          <Skeleton className="h-40" />
        ) : !branding.data ? (
          <p role="alert" className="text-sm text-red-700">
            Your branding could not be loaded.
          </p>
        ) : branding.data.entitled ? (
          // Restarts from what the server stored after a save (a new logo keeps the typed text).
          <BrandingForm
            key={JSON.stringify([
              branding.data.businessName,
              branding.data.accentColor,
              branding.data.footerText,
            ])}
            saved={branding.data}
          />
        ) : (
          <UpgradeNote saved={branding.data} />
        )}
      </CardContent>
    </Card>
  );
}

function UpgradeNote({ saved }: { saved: OwnBranding }) {
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 font-semibold">
        <Lock className="h-4 w-4" aria-hidden="true" /> Custom branding is part of the Professional
        plan
      </p>
      <p className="text-sm text-slate-600">
        {saved.businessName
          ? 'Your branding is saved but not shown while your plan does not include it.'
          : 'Customers see your business name and logo, in your colour, on every quote, invoice and receipt you send.'}
      </p>
      <Button asChild>
        <Link to={PATHS.subscriptionPlans}>Upgrade to Professional</Link>
      </Button>
    </div>
  );
}

function BrandingForm({ saved }: { saved: OwnBranding }) {
  const update = useUpdateBranding();
  const [businessName, setBusinessName] = useState(saved.businessName ?? '');
  const [accent, setAccent] = useState(saved.accentColor ?? '');
  const [footer, setFooter] = useState(saved.footerText ?? '');
  const [saveError, setSaveError] = useState<string | null>(null);
  const accentValid = accent === '' || HEX_COLOR.test(accent);
  const previewAccent = accent && accentValid ? normalizeHex(accent) : DEFAULT_ACCENT;

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!accentValid) return;
    setSaveError(null);
    update.mutate(
      { businessName, accentColor: accent, footerText: footer },
      {
        onSuccess: () =>
          notify({ title: 'Branding Saved', description: 'Your documents now carry it.' }),
        onError: (err) =>
          setSaveError(errorMessage(err, 'Your branding could not be saved. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={save} className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="b-name">Business name</Label>
          <Input
            id="b-name"
            value={businessName}
            maxLength={BUSINESS_NAME_MAX}
            onChange={(e) => setBusinessName(e.target.value)}
          />
        </div>
        <LogoField saved={saved} />
        <div className="space-y-2">
          <Label htmlFor="b-accent">Accent colour</Label>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={previewAccent}
              onChange={(e) => setAccent(e.target.value)}
              className="h-9 w-12 cursor-pointer rounded border"
            />
            <Input
              id="b-accent"
              value={accent}
              placeholder={DEFAULT_ACCENT}
              maxLength={7}
              aria-invalid={!accentValid}
              aria-describedby="b-accent-help"
              onChange={(e) => setAccent(e.target.value.trim())}
              className="max-w-32 font-mono"
            />
          </div>
          <p
            id="b-accent-help"
            className={accentValid ? 'text-xs text-muted-foreground' : 'text-xs text-red-700'}
          >
            {accentValid
              ? 'A hex colour. Text on it is black or white, whichever reads best.'
              : 'Accent colour must be a hex colour like #1d4ed8'}
          </p>
        </div>
        <div className="space-y-2">
          <Label htmlFor="b-footer">Footer text</Label>
          <Textarea
            id="b-footer"
            value={footer}
            maxLength={FOOTER_TEXT_MAX}
            rows={3}
            onChange={(e) => setFooter(e.target.value)}
          />
          <p className="text-xs text-muted-foreground">
            {footer.length}/{FOOTER_TEXT_MAX} characters
          </p>
        </div>
        {saveError && (
          <p role="alert" className="text-sm text-destructive">
            {saveError}
          </p>
        )}
        <Button type="submit" disabled={update.isPending || !accentValid}>
          {update.isPending ? 'Saving...' : 'Save Branding'}
        </Button>
      </div>
      <div className="space-y-3" aria-label="Preview">
        <p className="text-sm font-medium text-slate-600">Preview</p>
        <div className="space-y-3 rounded-lg border p-4">
          <BrandHeader
            branding={{
              businessName: businessName.trim() || null,
              logoUrl: saved.logoUrl,
              accentColor: previewAccent,
              accentTextColor: readableTextColor(previewAccent),
              footerText: footer.trim() || null,
            }}
          >
            <p className="text-sm">Quote Q-1234567890</p>
          </BrandHeader>
          <p className="text-sm text-slate-500">Items, totals and signature…</p>
          <BrandFooter
            branding={{
              businessName: null,
              logoUrl: null,
              accentColor: previewAccent,
              accentTextColor: readableTextColor(previewAccent),
              footerText: footer.trim() || null,
            }}
          />
        </div>
      </div>
    </form>
  );
}
