import { CalendarCheck, ClipboardList, Search, ShieldCheck, Star, Wrench } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DEFAULT_DIALOG_DISTANCE,
  DIALOG_DISTANCES,
  LOCATION_NAMES,
} from '@shared/constants/locations';
import { SERVICE_TYPES } from '@shared/constants/service-types';
import { LIMITS } from '@shared/constants/domain';
import type { Technician } from '@shared/schemas/technicians';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Skeleton } from '../components/ui/skeleton';
import { useStats, useTechnicianSearch } from '../features/technicians/api';
import { ContactDialog } from '../features/technicians/contact-dialog';
import { FindTechnicianDialog } from '../features/technicians/find-technician-dialog';
import { TechnicianCard } from '../features/technicians/technician-card';

const TESTIMONIALS = [
  {
    name: 'Sarah M.',
    place: 'Bowie, MD',
    text: 'My car would not start in the office parking lot. A Wrenchly mechanic was there within the hour and replaced the battery on the spot.',
  },
  {
    name: 'David L.',
    place: 'Washington, DC',
    text: 'Brake pads and rotors done in my driveway for less than the dealer quoted. Clear pricing and great communication.',
  },
  {
    name: 'Angela R.',
    place: 'Waldorf, MD',
    text: 'I love not having to sit in a waiting room. The technician explained everything and sent me a receipt by e-mail.',
  },
];

const STEPS = [
  {
    icon: ClipboardList,
    title: 'Describe the problem',
    text: 'Tell us about your vehicle and what it needs.',
  },
  {
    icon: Search,
    title: 'Get matched',
    text: 'Nearby certified technicians are notified right away.',
  },
  {
    icon: CalendarCheck,
    title: 'Get it fixed',
    text: 'Your mechanic comes to you: home, work or roadside.',
  },
];

export default function Home() {
  const navigate = useNavigate();
  const [findOpen, setFindOpen] = useState(false);
  const [contact, setContact] = useState<Technician | null>(null);
  const stats = useStats();
  const featured = useTechnicianSearch({ pageSize: LIMITS.featuredTechnicians });
  const [q, setQ] = useState({
    serviceType: '',
    location: '',
    distance: String(DEFAULT_DIALOG_DISTANCE),
    vehicleYear: '',
    vehicleMake: '',
    vehicleModel: '',
  });

  const params = () => {
    const p = new URLSearchParams();
    for (const k of [
      'serviceType',
      'location',
      'vehicleYear',
      'vehicleMake',
      'vehicleModel',
    ] as const)
      if (q[k].trim()) p.set(k, q[k].trim());
    return p;
  };
  const findMechanics = (e: FormEvent) => {
    e.preventDefault();
    const p = new URLSearchParams();
    if (q.serviceType) p.set('serviceType', q.serviceType);
    if (q.location) {
      p.set('location', q.location);
      p.set('maxDistance', q.distance);
    }
    navigate(`/technicians?${p}`);
  };

  return (
    <>
      <section className="bg-gradient-to-br from-brand-700 to-brand-800 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div className="space-y-6">
            <p
              className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm"
              data-testid="stats-badge"
            >
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              {stats.data
                ? `${stats.data.approvedTechnicians}+ certified technicians · ${stats.data.completedJobs}+ jobs completed`
                : 'Certified technicians in the DC metro area'}
            </p>
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
              Certified mobile mechanics, at your door
            </h1>
            <p className="text-lg text-brand-100">
              Find a trusted technician in Washington DC, Maryland and Virginia. Repairs and
              maintenance at home, at work or at the roadside.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button size="lg" variant="white" onClick={() => setFindOpen(true)}>
                <Search /> Find a Technician
              </Button>
              <Button
                size="lg"
                variant="outline"
                className="border-white bg-transparent text-white hover:bg-white/10"
                asChild
              >
                <Link to="/request-service">
                  <Wrench /> Request Service
                </Link>
              </Button>
            </div>
          </div>
          <Card className="text-slate-900">
            <CardHeader>
              <CardTitle>Quick Search</CardTitle>
            </CardHeader>
            <CardContent>
              <form className="grid gap-3 sm:grid-cols-2" onSubmit={findMechanics}>
                <div className="space-y-1.5">
                  <Label htmlFor="qs-service">Service Type</Label>
                  <Select
                    id="qs-service"
                    value={q.serviceType}
                    onChange={(e) => setQ({ ...q, serviceType: e.target.value })}
                  >
                    <option value="">Any service</option>
                    {SERVICE_TYPES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </Select>
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="qs-location">Location</Label>
                  <Select
                    id="qs-location"
                    value={q.location}
                    onChange={(e) => setQ({ ...q, location: e.target.value })}
                  >
                    <option value="">Any location</option>
                    {LOCATION_NAMES.map((l) => (
                      <option key={l} value={l}>
                        {l}
                      </option>
                    ))}
                  </Select>
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="qs-distance">Distance</Label>
                  <Select
                    id="qs-distance"
                    value={q.distance}
                    onChange={(e) => setQ({ ...q, distance: e.target.value })}
                  >
                    {DIALOG_DISTANCES.map((d) => (
                      <option key={d} value={d}>
                        {d} miles
                      </option>
                    ))}
                  </Select>
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="qs-year">Vehicle Year</Label>
                  <Input
                    id="qs-year"
                    inputMode="numeric"
                    placeholder="e.g. 2018"
                    value={q.vehicleYear}
                    onChange={(e) => setQ({ ...q, vehicleYear: e.target.value })}
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="qs-make">Vehicle Make</Label>
                  <Input
                    id="qs-make"
                    placeholder="e.g. Honda"
                    value={q.vehicleMake}
                    onChange={(e) => setQ({ ...q, vehicleMake: e.target.value })}
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="qs-model">Vehicle Model</Label>
                  <Input
                    id="qs-model"
                    placeholder="e.g. Civic"
                    value={q.vehicleModel}
                    onChange={(e) => setQ({ ...q, vehicleModel: e.target.value })}
                  />
                </div>
                <Button type="submit" className="sm:col-span-1">
                  Find Mechanics
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => navigate(`/request-service${params().size ? `?${params()}` : ''}`)}
                >
                  Request Service
                </Button>
              </form>
            </CardContent>
          </Card>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-center text-3xl font-bold">
          How It Works
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <Card key={s.title} className="text-center">
              <CardContent className="space-y-3 pt-6">
                <s.icon className="mx-auto h-10 w-10 text-brand-600" aria-hidden="true" />
                <h3 className="text-lg font-semibold">
                  {i + 1}. {s.title}
                </h3>
                <p className="text-slate-600">{s.text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-white py-16" aria-labelledby="featured-heading">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="featured-heading" className="text-3xl font-bold">
              Featured Mechanics
            </h2>
            <Button variant="outline" asChild>
              <Link to="/technicians">View All Technicians</Link>
            </Button>
          </div>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {featured.isLoading
              ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-64" />)
              : featured.data?.items.map((t) => (
                  <TechnicianCard key={t.id} technician={t} onContact={setContact} />
                ))}
          </div>
        </div>
      </section>

      <section
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
        aria-labelledby="testimonials-heading"
      >
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold">
          What Our Customers Say
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <Card key={t.name}>
              <CardContent className="space-y-3 pt-6">
                <div className="flex" aria-label="5 out of 5 stars" role="img">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star
                      key={i}
                      className="h-4 w-4 fill-amber-400 text-amber-400"
                      aria-hidden="true"
                    />
                  ))}
                </div>
                <blockquote className="text-slate-700">“{t.text}”</blockquote>
                <p className="text-sm font-semibold">
                  {t.name} <span className="font-normal text-slate-500">· {t.place}</span>
                </p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
      <FindTechnicianDialog open={findOpen} onOpenChange={setFindOpen} />
      <ContactDialog technician={contact} onClose={() => setContact(null)} />
    </>
  );
}
