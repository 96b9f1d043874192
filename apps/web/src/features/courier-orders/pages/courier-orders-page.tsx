import { PlaceholderPage } from '@/components/placeholder-page';

export default function CourierOrdersPage() {
  return <PlaceholderPage title="Courier Service" />;
}
