import { NotYetAvailable } from '../components/page';

export default function Join() {
  return <NotYetAvailable title="Join Wrenchly" what="The technician application" />;
}
