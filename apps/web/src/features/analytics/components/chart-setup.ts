import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
} from 'chart.js';

// Loaded on demand (chart-canvas.tsx) when the first chart card comes into view. Only the pieces
// these charts draw are registered, so the chunk carries no more of Chart.js than they use.
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
);
Chart.defaults.maintainAspectRatio = false;
// Drawn once, at once: an animation is a stream of frames on a phone's main thread.
Chart.defaults.animation = false;
Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export { Chart };
