import { PlaceholderPage } from '@/components/placeholder-page';

export default function SuppliersPage() {
  return <PlaceholderPage title="Suppliers Management" />;
}
