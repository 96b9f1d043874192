import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** The page's heading, also used as the browser tab title so screen readers announce navigation. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · Depot`);
  return <Title order={2}>{children}</Title>;
}
