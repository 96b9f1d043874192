import { PlaceholderPage } from '@/components/placeholder-page';

export default function UpdateStockPage() {
  return <PlaceholderPage title="Update Stock" />;
}
