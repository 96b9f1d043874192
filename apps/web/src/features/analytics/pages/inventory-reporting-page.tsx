import { PlaceholderPage } from '@/components/placeholder-page';

export default function InventoryReportingPage() {
  return (
    <PlaceholderPage
      title="Inventory Reporting"
      note="Stock, order and sales analytics arrive here soon. This screen is being built."
    />
  );
}
