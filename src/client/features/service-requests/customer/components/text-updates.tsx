import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { formatPhone, PHONE_MESSAGE, phoneForInput } from '@shared/phone';
import { toE164 } from '@shared/phone-parse';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { FieldError } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { errorMessage } from '../../../../lib/api-client';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import type { ServiceRequestRef } from '../../api/keys';
import { useTextUpdates } from '../api/text-updates';

/**
 * The customer's texts about the request (a proposed window, the technician on the way, an
 * invoice): started here with a number, or stopped ('Stop texts').
 */
export function TextUpdates({ job, req }: { job: ServiceRequestDetail; req: ServiceRequestRef }) {
  const change = useTextUpdates(req);
  const [phone, setPhone] = useState(phoneForInput(job.textUpdates?.phone));
  const [error, setError] = useState<string | null>(null);
  const texts = job.textUpdates;
  if (!texts) return null;
  const send = (enabled: boolean) => {
    setError(null);
    // The phone rule, before the round trip (empty: the request's own number).
    if (enabled && phone.trim() && !toE164(phone)) return setError(PHONE_MESSAGE);
    change.mutate(enabled ? { enabled, phone } : { enabled }, {
      onError: (err) =>
        setError(errorMessage(err, 'Could not change your texts. Please try again.')),
    });
  };
  return (
    <Card aria-labelledby="texts-heading">
      <CardContent className="space-y-3 pt-6">
        <h2 id="texts-heading" className="flex items-center gap-2 font-semibold">
          <MessageSquareText className="h-5 w-5 text-primary" aria-hidden="true" />
          Text updates
        </h2>
        {texts.enabled ? (
          <>
            <p className="text-sm" data-testid="texts-status">
              We text {texts.phone && formatPhone(texts.phone)} when your technician proposes a
              time, is on the way, or sends an invoice.
            </p>
            <Button variant="outline" disabled={change.isPending} onClick={() => send(false)}>
              Stop texts
            </Button>
          </>
        ) : (
          <form
            noValidate
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              send(true);
            }}
          >
            <Label htmlFor="texts-phone">Text me updates about this request</Label>
            <div className="flex gap-2">
              <Input
                id="texts-phone"
                type="tel"
                autoComplete="tel"
                value={phone}
                aria-invalid={!!error}
                aria-describedby={error ? 'texts-error' : undefined}
                onChange={(e) => setPhone(e.target.value)}
              />
              <Button type="submit" disabled={change.isPending}>
                Start texts
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Message and data rates may apply. Stop them here at any time.
            </p>
          </form>
        )}
        <FieldError id="texts-error" message={error ?? undefined} />
      </CardContent>
    </Card>
  );
}
