import { PlaceholderPage } from '@/components/placeholder-page';

export default function SupplyProductsPage() {
  return <PlaceholderPage title="Products" />;
}
