import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` as the build gives it to Mantine's components (vite.config.ts,
 * `mantineReactIds`): the id Mantine's own returns on a component's first render,
 * `mantine-<React's id>`, kept for the component's life. Mantine's sets a random id in a layout
 * effect after that first render, for pages rendered on a server; on the client that is a
 * synchronous second render of every component with an id, the whole dashboard shell among them
 * (docs/decisions/036-one-render-for-the-first-screen.md). React's ids are unique in Depot's one
 * root.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
