import { useRef } from 'react';
import { ApplicationForm } from '../features/technician-applications/components/application-form';
import { JoinBenefits } from '../features/technician-applications/components/join-benefits';
import { JoinHero } from '../features/technician-applications/components/join-hero';

export default function Join() {
  const formRef = useRef<HTMLDivElement>(null);
  return (
    <div>
      <JoinHero
        onApply={() => {
          formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
      <JoinBenefits />
      <div ref={formRef} id="application" className="mx-auto max-w-3xl scroll-mt-20 px-4 pb-16">
        <h2 className="mb-6 text-2xl font-bold">Technician Application</h2>
        <ApplicationForm />
      </div>
    </div>
  );
}
