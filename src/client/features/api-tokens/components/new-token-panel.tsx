import { Copy } from 'lucide-react';
import { useState } from 'react';
import type { CreatedApiToken } from '@shared/schemas/api-tokens';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/** The token just created, shown this once with a copy button. */
export function NewTokenPanel({
  created,
  onDone,
}: {
  created: CreatedApiToken;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      // No clipboard (permissions): the field stays selectable.
      setCopied(false);
    }
  };
  return (
    <div
      role="status"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p className="font-semibold">Copy your new token “{created.apiToken.name}” now</p>
      <p className="text-sm">You will not see it again. Keep it somewhere safe.</p>
      <div className="space-y-1">
        <Label htmlFor="new-api-token">New API token</Label>
        <div className="flex gap-2">
          <Input
            id="new-api-token"
            readOnly
            value={created.token}
            className="font-mono"
            onFocus={(e) => e.target.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy className="mr-2 h-4 w-4" aria-hidden="true" />
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </div>
      <Button type="button" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
