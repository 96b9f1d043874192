import { PlaceholderPage } from '@/components/placeholder-page';

export default function StockReplenishmentPage() {
  return <PlaceholderPage title="Stock Replenishment" />;
}
