// Byte budgets of the runtime as served: minified as the generator writes it, then gzip -9.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { minifyScript, minifyStyle } from './minify.mjs';
import { scriptPath, stylePath } from './load-carousel.mjs';

const servedSize = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

test('carousel.js is at most 2,048 bytes gzipped as served', () => {
  const size = servedSize(minifyScript(readFileSync(scriptPath, 'utf8')));
  assert.ok(size <= 2048, `carousel.js is ${size} bytes gzipped`);
});

test('carousel.css is at most 700 bytes gzipped as served', () => {
  const size = servedSize(minifyStyle(readFileSync(stylePath, 'utf8')));
  assert.ok(size <= 700, `carousel.css is ${size} bytes gzipped`);
});

test('the minified script still defines the same runtime', () => {
  const minified = minifyScript(readFileSync(scriptPath, 'utf8'));
  const Carousel = new Function('document', `${minified}\nreturn Carousel;`)({ querySelectorAll: () => [] });
  assert.equal(typeof Carousel.mount, 'function');
  assert.equal(Carousel.maths.wrap(-1, 4), 3);
});

test('the minifier removes comments outside strings only', () => {
  assert.equal(minifyScript("  const a = '//x'; // note\n\n  /* block */ go(a);\n"), "const a = '//x';\ngo(a);\n");
  // A space before ':' stays, as it may be a descendant combinator ('.a :focus').
  assert.equal(minifyStyle('.a :focus { color: red ; } /* c */\n.b > .c { x: 1 }'), '.a :focus{color:red;}.b>.c{x:1}\n');
});
