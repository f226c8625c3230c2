import { startTransition } from 'react';
import type { Root } from 'react-dom/client';

// No federation here: the landing page needs no remote, and the federation runtime and the
// registry load with the first remote a page renders (@vouch/shell-sdk's RemoteSlot).

/**
 * A new task: the main thread is free to handle input (and the browser to paint) between the
 * steps of the start. A message, not `setTimeout(0)`, which browsers clamp when nested.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Evaluates the app's code in several tasks instead of one, then renders it. The server's first
 * screen is already painted and shows the page, so nothing waits for this; but one task that
 * evaluates React DOM and Chakra, builds the theme's system, evaluates the app and renders the
 * whole page blocks a phone's main thread for over a second (Total Blocking Time, issue 17).
 * `eager` imports stay in this chunk (no extra request): each module runs when its import does.
 */
async function createApp(container: HTMLElement): Promise<() => void> {
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  // A signed-in page: its frame's chunks load while the theme and the app are prepared (issue 41).
  const { startSignedInPage } = await import(/* webpackMode: "eager" */ './app/signed-in-start');
  startSignedInPage(window.location.pathname);
  await nextTask();
  const { prepareVouchSystem } = await import(/* webpackMode: "eager" */ '@vouch/ui');
  await nextTask();
  // The theme's system (Chakra's tokens and recipes), the largest single step, in tasks of its own.
  await prepareVouchSystem(nextTask);
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app/app');
  const { loadPageCodeOnIntent } = await import(/* webpackMode: "eager" */ './lib/page-code');
  loadPageCodeOnIntent();
  await nextTask();
  return () => {
    const root: Root = createRoot(container);
    // A transition renders in slices of a few milliseconds, yielding between them; only the
    // commit (the page's DOM and styles) is one task.
    startTransition(() => root.render(<App />));
  };
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

function start(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  void Promise.all([createApp(container), firstScreenPainted()]).then(([render]) => render());
}

start();
