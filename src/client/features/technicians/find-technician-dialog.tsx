import { MapPin, Search } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_DIALOG_DISTANCE, DIALOG_DISTANCES } from '@shared/constants/locations';
import { PlaceField } from '../../components/place-field';
import { setPlaceParam } from '../../lib/places';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';

type Mode = 'choose' | 'name' | 'distance';

export function FindTechnicianDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('choose');
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [distance, setDistance] = useState(String(DEFAULT_DIALOG_DISTANCE));

  const change = (o: boolean) => {
    if (!o) {
      setMode('choose');
      setName('');
      setLocation('');
      setDistance(String(DEFAULT_DIALOG_DISTANCE));
    }
    onOpenChange(o);
  };
  const go = (url: string) => {
    change(false);
    navigate(url);
  };
  /** A ZIP code, an address or a town: /technicians?zip=... (or location=, near=). */
  const searchNear = (place: string) => {
    const p = new URLSearchParams();
    if (!setPlaceParam(p, place)) return;
    p.set('maxDistance', distance);
    go(`/technicians?${p}`);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Find a Technician</DialogTitle>
          <DialogDescription>
            {mode === 'choose'
              ? 'How would you like to search?'
              : mode === 'name'
                ? 'Search for a technician by name.'
                : 'Find technicians near you.'}
          </DialogDescription>
        </DialogHeader>
        {mode === 'choose' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Button variant="outline" className="h-20 flex-col" onClick={() => setMode('name')}>
              <Search className="!size-5" /> Search by Name
            </Button>
            <Button variant="outline" className="h-20 flex-col" onClick={() => setMode('distance')}>
              <MapPin className="!size-5" /> Search by Distance
            </Button>
          </div>
        )}
        {mode === 'name' && (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) go(`/technicians?name=${encodeURIComponent(name.trim())}`);
            }}
          >
            <div className="space-y-1.5">
              <Label htmlFor="find-name">Technician Name</Label>
              <Input
                id="find-name"
                placeholder="Enter a name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoFocus
              />
            </div>
            <div className="flex justify-between gap-2">
              <Button type="button" variant="outline" onClick={() => setMode('choose')}>
                Back
              </Button>
              <Button type="submit" disabled={!name.trim()}>
                Search
              </Button>
            </div>
          </form>
        )}
        {mode === 'distance' && (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              searchNear(location);
            }}
          >
            <div className="space-y-1.5">
              <Label htmlFor="find-location">Your Location</Label>
              <PlaceField
                id="find-location"
                value={location}
                onValueChange={setLocation}
                onLocated={searchNear}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="find-distance">Distance</Label>
              <Select
                id="find-distance"
                value={distance}
                onChange={(e) => setDistance(e.target.value)}
              >
                {DIALOG_DISTANCES.map((d) => (
                  <option key={d} value={d}>
                    {d} miles
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex justify-between gap-2">
              <Button type="button" variant="outline" onClick={() => setMode('choose')}>
                Back
              </Button>
              <Button type="submit" disabled={!location.trim()}>
                Search
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
