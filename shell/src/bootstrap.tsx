import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// No federation here: the landing page needs no remote, and the federation runtime and the
// registry load with the first remote a page renders (@vouch/shell-sdk's RemoteSlot).
function start(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(<App />);
}

/** Longest the app waits for the first screen's images (a stalled request must not keep it out). */
const FIRST_SCREEN_WAIT_MS = 2000;

/**
 * The app replaces the server's first screen (#first-screen) as soon as it renders. This script
 * (one file, no chunk waterfall) can be in before that screen has painted its image, which would
 * make the app's later copy the page's largest paint: wait until the browser reports a largest
 * paint inside the first screen (its image, once shown), for at most FIRST_SCREEN_WAIT_MS.
 * A hidden tab paints nothing, so it starts at once.
 */
function firstScreenPainted(): Promise<void> {
  const screen = document.getElementById('first-screen');
  if (!screen || document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) return Promise.resolve();
  const hasImage = screen.querySelector('img') !== null;
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      const painted = list.getEntries().some((entry) => {
        const element = (entry as PerformanceEntry & { element?: Element | null }).element;
        return element && screen.contains(element) && (!hasImage || element.tagName === 'IMG');
      });
      if (painted) done();
    });
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

void firstScreenPainted().then(start);
