import { CheckCircle2, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { vinProblem, VIN_CHECK_MESSAGE } from '@shared/schemas/vehicles';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FieldError } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useDecodedVin, type VinDecode } from '../../../lib/api/decode-vin';

/** A VIN in, its check digit, model year, manufacturer and country out. */
export function VinDecoder() {
  const [text, setText] = useState('');
  const [vin, setVin] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const decoded = useDecodedVin(vin);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim().toUpperCase();
    // A wrong check digit is worth decoding (the answer says so); a malformed VIN is not.
    const problem = vinProblem(v);
    if (problem && problem !== VIN_CHECK_MESSAGE) return setError(problem);
    setError(undefined);
    setVin(v);
  };

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1 space-y-1.5">
          <Label htmlFor="vin-input">VIN (17 characters)</Label>
          <Input
            id="vin-input"
            value={text}
            maxLength={17}
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase"
            aria-invalid={!!error}
            aria-describedby={error ? 'vin-input-error' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <FieldError id="vin-input-error" message={error} />
        </div>
        <Button type="submit" disabled={decoded.isFetching}>
          Decode
        </Button>
      </form>
      <div aria-live="polite">
        {decoded.isFetching ? (
          <Skeleton className="h-32" />
        ) : decoded.error ? (
          <p role="alert" className="rounded-lg border border-dashed p-6 text-slate-600">
            {errorMessage(decoded.error, 'Could not decode the VIN. Please try again.')}
          </p>
        ) : decoded.data ? (
          <VinResult v={decoded.data} />
        ) : null}
      </div>
    </div>
  );
}

function VinResult({ v }: { v: VinDecode }) {
  const rows: [string, string][] = [
    [
      'Model year',
      v.modelYear === null ? 'Unknown (position 10 is not a year code)' : String(v.modelYear),
    ],
    ['Manufacturer', v.manufacturer ?? `Not in our list (WMI ${v.wmi})`],
    ['Country', v.country ?? 'Unassigned range'],
    ['Region', v.region ?? 'Unknown'],
    ['WMI', v.wmi],
    ['Serial number', v.serialNumber],
  ];
  return (
    <Card data-testid="vin-result">
      <CardContent className="space-y-4 pt-6">
        <p className="font-mono text-lg font-bold">{v.vin}</p>
        <p
          className={`flex items-center gap-2 font-medium ${v.checkDigit.valid ? 'text-green-700' : 'text-red-700'}`}
        >
          {v.checkDigit.valid ? (
            <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
          ) : (
            <XCircle className="h-5 w-5" aria-hidden="true" />
          )}
          {v.checkDigit.valid
            ? 'Check digit valid'
            : `Check digit invalid: position 9 is ${v.checkDigit.actual}, the VIN gives ${v.checkDigit.expected}`}
        </p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
          {rows.map(([k, val]) => (
            <div key={k} className="contents">
              <dt className="text-slate-500">{k}</dt>
              <dd className="text-slate-900">{val}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
