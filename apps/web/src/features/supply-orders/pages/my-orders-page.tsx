import { PlaceholderPage } from '@/components/placeholder-page';

export default function MyOrdersPage() {
  return <PlaceholderPage title="My Orders" />;
}
