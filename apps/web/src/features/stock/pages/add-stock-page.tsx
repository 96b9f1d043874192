import { PlaceholderPage } from '@/components/placeholder-page';

export default function AddStockPage() {
  return <PlaceholderPage title="Add Stock" />;
}
