import 'react-toastify/ReactToastify.css';
import { useComputedColorScheme } from '@mantine/core';
import { ToastContainer } from 'react-toastify/unstyled';

const isAltT = (event: KeyboardEvent) => event.altKey && event.code === 'KeyT';

/** Below the dashboard's 60 px header, so a toast never covers the Account button. */
const BELOW_HEADER = { top: 'calc(60px + var(--mantine-spacing-sm))' };
/** More than three toasts at once cover the table under them; the rest wait their turn. */
export const MAX_TOASTS_SHOWN = 3;

/**
 * Top right below the header, at most three at a time, closing after 5 seconds or on click; Alt+T
 * focuses the notifications (docs/product/screens.md).
 */
export default function DepotToastContainer() {
  // Toasts follow the app's colour scheme rather than staying white on a dark page.
  const scheme = useComputedColorScheme('light');
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeOnClick
      hotKeys={isAltT}
      theme={scheme}
      limit={MAX_TOASTS_SHOWN}
      style={BELOW_HEADER}
    />
  );
}
