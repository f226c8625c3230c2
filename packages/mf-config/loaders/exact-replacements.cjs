// What every Chakra loader uses to change Chakra's built files: each replacement must find the
// exact text it replaces, or the build stops with a sentence naming the loader, the file and the
// installed Chakra version. A silent skip would lose the saving (and, for the stepped system,
// break prepareVouchSystem) without anyone noticing until a benchmark.
const fs = require('node:fs');
const path = require('node:path');

/** `name@version` of the package that holds `file` (its nearest package.json with a name). */
function packageOf(file) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    if (name) return { name, version, dir };
  }
  return { name: 'an unknown package', version: 'unknown', dir: path.dirname(file) };
}

/** The error a loader throws when `missing` is not in `file`. */
function staleReplacement(loader, file, missing) {
  const { name, version, dir } = packageOf(file);
  const firstLine = missing.trim().split('\n')[0];
  return new Error(
    `${path.basename(loader)}: ${name} ${version} changed ${path.relative(dir, file)}: it no longer contains \`${firstLine}\`. ` +
      `Update the replacement in packages/mf-config/loaders/${path.basename(loader)} for ${name} ${version}, or pin the version it was written for.`,
  );
}

/** `source` with every [from, to] replaced once; throws staleReplacement when a `from` is missing. */
function replaceExactly(loader, file, source, pairs) {
  return pairs.reduce((out, [from, to]) => {
    const found = typeof from === 'string' ? out.includes(from) : from.test(out);
    if (!found) throw staleReplacement(loader, file, typeof from === 'string' ? from : from.source);
    return out.replace(from, to);
  }, source);
}

module.exports = { replaceExactly, staleReplacement, packageOf };
