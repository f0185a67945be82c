// `npm run build`: src/ → dist/index.html, dist/app.js, dist/app.css, minified and deterministic
// (the same source gives byte-identical files: no timestamps, no content hashes, no source maps).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('./dist/', import.meta.url);
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);

const common = {
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  bundle: true,
  minify: true,
  write: true,
  logLevel: 'warning',
  charset: 'utf8',
  legalComments: 'eof',
};
await build({ ...common, entryPoints: ['src/main.js'], outfile: 'dist/app.js', format: 'iife', target: ['chrome100', 'safari15', 'firefox100'] });
await build({ ...common, entryPoints: ['src/app.css'], outfile: 'dist/app.css', loader: { '.woff2': 'dataurl' } });

const html = readFileSync(new URL('./src/index.html', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .join('');
writeFileSync(new URL('./index.html', dist), html + '\n');
