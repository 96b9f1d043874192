import 'react-toastify/ReactToastify.css';
import { useComputedColorScheme } from '@mantine/core';
import { ToastContainer } from 'react-toastify/unstyled';

const isAltT = (event: KeyboardEvent) => event.altKey && event.code === 'KeyT';

/** SPEC §9: top-right, closes after 5 seconds or on click, Alt+T focuses the notifications. */
export default function DepotToastContainer() {
  // Toasts follow the app's colour scheme rather than staying white on a dark page.
  const scheme = useComputedColorScheme('light');
  return (
    <ToastContainer position="top-right" autoClose={5000} closeOnClick hotKeys={isAltT} theme={scheme} />
  );
}
