import '@mantine/core/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/zod-jitless';
import { App, readyToRender } from './app/app';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

void readyToRender.then(() => {
  const root = createRoot(rootElement);
  // A transition: React renders the first screen in short slices, yielding to the browser between
  // them, rather than in one long task (a dashboard is drawn whole at once, see readyToRender).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
