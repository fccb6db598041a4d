import { NotYetAvailable } from '../components/page';

export default function PosSystem() {
  return <NotYetAvailable title="Point of Sale System" what="The point-of-sale system" />;
}
