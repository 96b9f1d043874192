// The unstyled build injects no <style> tag; its stylesheet is imported in main.tsx instead.
// Every toast call must go through this module: the styled and unstyled builds keep separate queues.
export { toast } from 'react-toastify/unstyled';
