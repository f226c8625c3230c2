// The package.json that goes into the tarball (`npm pack`, `npm publish`) is not the repository's:
// the repository reads src/ through the "@vouch/source" export condition (tsconfig.base.json
// customConditions, jest.preset.cjs), which names a file the tarball does not ship, and a role
// field only this repository's lint reads. npm packs the package.json on disk and has no
// publish-time override of manifest fields (publishConfig holds config such as access), so:
//
//   node scripts/publish-manifest.mjs write       (prepack)     keep the repository's manifest aside, write the published one
//   node scripts/publish-manifest.mjs after-pack  (postpack)    put the repository's manifest back, unless publishing
//   node scripts/publish-manifest.mjs restore     (postpublish) put it back
//
// `npm publish` packs (prepack, postpack), then reads package.json again and sends that to the
// registry as the version's manifest, so while publishing the published manifest stays on disk
// until postpublish (which npm runs from the manifest it read then: the scripts stay in it). A
// pack or publish that failed midway leaves the aside copy: `write` puts it back before anything
// else, and `restore` does by hand. Output goes to stderr: `npm pack --json` keeps its stdout.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const manifestFile = path.join(root, 'package.json');
const asideFile = path.join(root, 'package.json.in-repository');

/** The published manifest: the exports without the repository's condition, without the role only the repository's lint reads. */
export function publishedManifest(manifest) {
  const { vouch: _role, ...published } = manifest;
  const exports = Object.fromEntries(
    Object.entries(manifest.exports).map(([entry, target]) => {
      if (typeof target !== 'object' || target === null) return [entry, target];
      const { '@vouch/source': _source, ...conditions } = target;
      return [entry, conditions];
    }),
  );
  return { ...published, exports };
}

function restore() {
  if (!fs.existsSync(asideFile)) return false;
  fs.renameSync(asideFile, manifestFile);
  return true;
}

const command = process.argv[2];
if (command === 'write') {
  if (restore()) console.error('[api-client] put back the repository package.json a failed pack had left aside');
  const text = fs.readFileSync(manifestFile, 'utf8');
  fs.writeFileSync(asideFile, text);
  fs.writeFileSync(manifestFile, `${JSON.stringify(publishedManifest(JSON.parse(text)), null, 2)}\n`);
  console.error('[api-client] package.json is the published one until postpack');
} else if (command === 'restore' || (command === 'after-pack' && process.env.npm_command !== 'publish')) {
  if (restore()) console.error('[api-client] package.json is the repository one again');
} else if (command !== 'after-pack') {
  console.error('usage: node scripts/publish-manifest.mjs write|after-pack|restore');
  process.exitCode = 2;
}
