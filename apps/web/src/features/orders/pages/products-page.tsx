import { PlaceholderPage } from '@/components/placeholder-page';

export default function ProductsPage() {
  return <PlaceholderPage title="Products" />;
}
