import { PlaceholderPage } from '@/components/placeholder-page';

export default function NotificationsPage() {
  return <PlaceholderPage title="Notifications" />;
}
