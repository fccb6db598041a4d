import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { Page } from '../../../components/page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';

/** The point of sale without the Professional plan: what it offers, and the way to the plans. */
export function UpgradeRequired({ message }: { message?: string }) {
  return (
    <Page title="Point of Sale System" className="max-w-3xl">
      <Card>
        <CardContent className="space-y-4 pt-6">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <Lock className="h-5 w-5" aria-hidden="true" /> Professional plan required
          </p>
          <p className="text-slate-600">
            {message ?? 'The point of sale is part of the Professional plan'}. With it you can:
          </p>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>Create quotes with labor and parts, with tax worked out for you</li>
            <li>Take the customer's signature on your phone, or by e-mail</li>
            <li>Turn approved quotes into invoices</li>
            <li>Take card, cash, check and digital wallet payments and send receipts</li>
          </ul>
          <Button asChild>
            <Link to={PATHS.platformPayment}>See Plans</Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}
