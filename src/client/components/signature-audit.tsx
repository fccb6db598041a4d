import { formatTimestamp } from '../lib/dates';
import { ShieldCheck } from 'lucide-react';
import type { SignatureAudit } from '@shared/schemas/pos';
import { cn } from '../lib/utils';

const CHANNEL_TEXT: Record<SignatureAudit['channel'], string> = {
  in_person: "on the technician's device",
  email_link: 'through the e-mailed link',
  request_page: 'on the request page',
};

/** 'Version 2' beside a quote's number: the version a signature is given on (ADR 026). */
export function QuoteVersion({ version, className }: { version: number; className?: string }) {
  return (
    <span className={cn('text-sm font-normal text-slate-600', className)}>Version {version}</span>
  );
}

/**
 * A signature's audit trail (ADR 026): who signed which version of the quote, when, where,
 * from which address and browser, and the content hash of what they signed.
 */
export function SignatureAuditTrail({
  audit,
  className,
}: {
  audit: SignatureAudit;
  className?: string;
}) {
  return (
    <details
      className={cn('rounded-md border border-slate-200 p-2 text-sm', className)}
      data-testid="signature-audit"
    >
      <summary className="cursor-pointer">
        <ShieldCheck className="mr-1 inline h-4 w-4 text-green-700" aria-hidden="true" />
        Signed by {audit.signerName} on version {audit.version}, {formatTimestamp(audit.signedAt)}
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
        <dt className="font-medium">Signed</dt>
        <dd>
          {new Date(audit.signedAt).toISOString()} {CHANNEL_TEXT[audit.channel]}
        </dd>
        <dt className="font-medium">Signer</dt>
        <dd>{audit.signerName}</dd>
        <dt className="font-medium">Version</dt>
        <dd>{audit.version}</dd>
        <dt className="font-medium">Content hash</dt>
        <dd className="font-mono text-xs break-all">{audit.contentHash}</dd>
        <dt className="font-medium">IP address</dt>
        <dd>{audit.ipAddress ?? 'Not recorded'}</dd>
        <dt className="font-medium">Browser</dt>
        <dd className="break-all">{audit.userAgent ?? 'Not recorded'}</dd>
      </dl>
    </details>
  );
}
