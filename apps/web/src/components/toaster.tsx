import { lazy, Suspense } from 'react';
import { useToasterWanted } from '@/lib/toast';

const ToastContainer = lazy(() => import('./toast-container'));

/** The toast container, loaded with the first toast (see lib/toast.ts). */
export function Toaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
