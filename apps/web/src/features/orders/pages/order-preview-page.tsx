import { PlaceholderPage } from '@/components/placeholder-page';

export default function OrderPreviewPage() {
  return <PlaceholderPage title="Order Preview" />;
}
