import { PlaceholderPage } from '@/components/placeholder-page';

export default function ConfirmOrderPage() {
  return <PlaceholderPage title="Confirm Order" />;
}
