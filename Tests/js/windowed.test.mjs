// The windowed runtime of long shows (Templates/carousel-windowed.js): its byte budget as served
// and its pure maths. Its DOM behaviour is tested in Chromium (Tests/browser/test_windowed.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { minifyScript, minifyStyle } from './minify.mjs';

const scriptPath = new URL('../../Templates/carousel-windowed.js', import.meta.url);
const stylePath = new URL('../../Templates/carousel-windowed.css', import.meta.url);
const servedSize = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

// Loads the script as a page would, with a document that has no carousels.
function loadWindowed() {
  const minified = minifyScript(readFileSync(scriptPath, 'utf8'));
  return new Function('document', `${minified}\nreturn WindowedCarousel;`)({ querySelectorAll: () => [] });
}

// 3 KB: the default runtime's 2 KB plus the slide builder and view recycling. It only ships
// with shows long enough to need it, replacing the default runtime on their pages.
test('carousel-windowed.js is at most 3,072 bytes gzipped as served', () => {
  const size = servedSize(minifyScript(readFileSync(scriptPath, 'utf8')));
  assert.ok(size <= 3072, `carousel-windowed.js is ${size} bytes gzipped`);
});

test('carousel-windowed.css is at most 300 bytes gzipped as served', () => {
  const size = servedSize(minifyStyle(readFileSync(stylePath, 'utf8')));
  assert.ok(size <= 300, `carousel-windowed.css is ${size} bytes gzipped`);
});

test('step finds neighbours across the loop and nothing else', () => {
  const { maths } = loadWindowed();
  assert.equal(maths.step(0, 1, 4000), 1);
  assert.equal(maths.step(0, 3999, 4000), -1);
  assert.equal(maths.step(3999, 0, 4000), 1);
  assert.equal(maths.step(10, 12, 4000), 0);
  assert.equal(maths.step(5, 5, 4000), 0);
  // Two slides: the other slide is both neighbours; forward wins.
  assert.equal(maths.step(0, 1, 2), 1);
  assert.equal(maths.step(1, 0, 2), 1);
});

test('release keeps a drag within the three views and follows carousel.js rules', () => {
  const { maths } = loadWindowed();
  assert.equal(maths.release(1, 1.1, 0), 1, 'a tenth of a slide snaps back');
  assert.equal(maths.release(1, 1.25, 0), 2, 'a quarter moves on');
  assert.equal(maths.release(1, 0.75, 0), 0, 'and backwards');
  assert.equal(maths.release(1, 1.05, 0.5), 2, 'a flick moves on');
  assert.equal(maths.release(1, 1.05, -0.5), 1, 'a flick against the drag does not');
  assert.equal(maths.release(1, 2, 0), 2);
  assert.equal(maths.release(0.3, 0, 0), 0, 'never past the left view');
});
