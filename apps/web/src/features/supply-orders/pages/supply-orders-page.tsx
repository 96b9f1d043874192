import { PlaceholderPage } from '@/components/placeholder-page';

export default function SupplyOrdersPage() {
  return <PlaceholderPage title="Supply Orders" />;
}
