import { useState } from 'react';
import type { Technician } from '@shared/schemas/technicians';
import { HydrateApart } from '../components/deferred';
import { Hero } from '../features/home/components/hero';
import { HowItWorks } from '../features/home/components/how-it-works';
import { QuickSearch } from '../features/home/components/quick-search';
import { Testimonials } from '../features/home/components/testimonials';
import { useStats } from '../features/technicians/api/get-stats';
import { FeaturedTechnicians } from '../features/technicians/components/featured-technicians';
import { ContactDialog, FindTechnicianDialog } from '../features/technicians/dialogs';

export default function Home() {
  const [findOpen, setFindOpen] = useState(false);
  const [contact, setContact] = useState<Technician | null>(null);
  const stats = useStats();

  return (
    <>
      <Hero stats={stats.data} onFindTechnician={() => setFindOpen(true)}>
        <QuickSearch />
      </Hero>
      <HydrateApart>
        <HowItWorks />
      </HydrateApart>
      <HydrateApart>
        <FeaturedTechnicians onContact={setContact} />
      </HydrateApart>
      <HydrateApart>
        <Testimonials />
      </HydrateApart>
      <FindTechnicianDialog open={findOpen} onOpenChange={setFindOpen} />
      <ContactDialog technician={contact} onClose={() => setContact(null)} />
    </>
  );
}
