// First draw of the network map in Chromium (issue 7's goal: at most 300 ms for 1,000 nodes).
// The real drawing component (mf-network's SigmaCanvas: sigma 3 + graphology, WebGL) and the real
// pure steps before it (buildNetworkGraph → selectView → circleLayout) are bundled with esbuild
// into one page; for each size a fresh 600 px map is mounted and timed from the network
// response in hand to the frame after sigma's first render with the nodes. Median of 7 runs
// after one warm-up; the baseline is the same measurement with 100 nodes in the same run.
import { build } from 'esbuild';
import { chromium } from '@playwright/test';

export const title = 'Network map first draw (Chromium, WebGL)';
export const notes =
  'Chromium (/usr/bin/chromium, software WebGL: SwiftShader, `--disable-gpu`) draws a 600 px map of a member with N direct connections (each with two skills) and N second-degree ones at 1°: ' +
  'data → graph → view → layout → React mount → sigma render → next frame. Median of 7 runs after a warm-up; baseline: 100 nodes in the same run. Goal: at most 300 ms for 1,000 nodes.';

const ENTRY = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import SigmaCanvas from './mf-network/src/features/network-map/components/sigma-canvas';
import { buildNetworkGraph } from './mf-network/src/features/network-map/lib/network-graph';
import { selectView } from './mf-network/src/features/network-map/lib/map-view';
import { circleLayout } from './mf-network/src/features/network-map/lib/circle-layout';

function networkOf(n) {
  const types = ['vouched_for', 'vouched_by', 'invited_accepted'];
  return {
    user: { id: 1, name: 'Bench Member' },
    directConnections: Array.from({ length: n }, (_, i) => ({ id: 10 + i, name: 'Direct member ' + i, skills: ['Skill ' + (i % 50), 'TypeScript'], characterTraits: [], relationshipType: types[i % 3] })),
    secondDegreeConnections: Array.from({ length: n }, (_, j) => ({ id: 100000 + j, name: 'Second ' + j, relationshipType: 'second_degree_vouch', connectedThrough: 'Direct member ' + (j % n), connectedThroughId: 10 + (j % n), sharedConnections: 1 })),
  };
}

window.drawMap = (n) => {
  const network = networkOf(n);
  const container = document.createElement('div');
  container.style.cssText = 'width:600px;height:600px';
  document.body.replaceChildren(container);
  return new Promise((resolve) => {
    const t0 = performance.now();
    const graph = buildNetworkGraph(network);
    const view = selectView(graph, graph.meId, 1);
    const positions = circleLayout(view);
    const root = createRoot(container);
    const onFirstDraw = () => requestAnimationFrame(() => {
      const ms = performance.now() - t0;
      const drawn = view.ring1.length + 1;
      setTimeout(() => { root.unmount(); resolve({ ms, drawn }); }, 0);
    });
    root.render(createElement(SigmaCanvas, { view, positions, onSelectNode() {}, onFirstDraw }));
  });
};
`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function run({ root, log }) {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'jsx', sourcefile: 'network-map-bench.jsx' },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.ts': 'ts', '.tsx': 'tsx' },
    logLevel: 'silent',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 800, height: 800 } });
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const measure = async (n) => {
      await page.evaluate((size) => window.drawMap(size), n); // warm-up (shaders, JIT)
      const runs = [];
      let drawn = 0;
      for (let i = 0; i < 7; i += 1) {
        const result = await page.evaluate((size) => window.drawMap(size), n);
        runs.push(result.ms);
        drawn = result.drawn;
      }
      log(`${n} nodes (${drawn} drawn): ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      return Math.round(median(runs) * 10) / 10;
    };
    const small = await measure(100);
    const large = await measure(1000);
    return [
      {
        name: 'network-map.first-draw-1000',
        value: large,
        unit: 'ms',
        baseline: small,
        ratio: Math.round((large / small) * 100) / 100,
        goal: '<= 300 ms',
      },
    ];
  } finally {
    await browser.close();
  }
}
