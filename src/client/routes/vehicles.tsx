import { Plus } from 'lucide-react';
import { useState } from 'react';
import { RequireUser } from '../features/auth/components/require-user';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { VehicleFormDialog } from '../features/vehicles/components/vehicle-form-dialog';
import { VehicleList } from '../features/vehicles/components/vehicle-list';

export default function Vehicles() {
  return (
    <RequireUser
      role="customer"
      hint="Demo customer: username customer, password wrenchly-demo"
      message="Vehicles are kept by customer accounts."
    >
      {() => <MyVehicles />}
    </RequireUser>
  );
}

function MyVehicles() {
  const [adding, setAdding] = useState(false);
  return (
    <Page
      title="My Vehicles"
      intro="Keep your vehicles here to pick one when you request service. Each shows its completed services, invoices and receipts."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add Vehicle
        </Button>
      }
    >
      <VehicleList onAdd={() => setAdding(true)} />
      <VehicleFormDialog open={adding} onClose={() => setAdding(false)} />
    </Page>
  );
}
