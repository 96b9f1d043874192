import { PlaceholderPage } from '@/components/placeholder-page';

export default function StockManagementPage() {
  return <PlaceholderPage title="Stock Management" />;
}
