import { BRAND } from '@shared/brand';
import { Button } from '../../../components/ui/button';
import { PriceTeaser } from './price-teaser';

export function JoinHero({ onApply }: { onApply: () => void }) {
  return (
    <section className="bg-gradient-to-br from-blue-700 to-blue-900 px-4 py-16 text-white">
      <div className="mx-auto max-w-5xl text-center">
        <h1 className="text-4xl font-bold tracking-tight">Join {BRAND.name}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">
          Grow your mobile mechanic business with customers across the DC metro area.
        </p>
        <PriceTeaser />
        <div className="mt-8">
          <Button size="lg" variant="secondary" onClick={onApply}>
            Apply Now
          </Button>
        </div>
      </div>
    </section>
  );
}
