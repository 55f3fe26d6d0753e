import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCarousel } from './load-carousel.mjs';

const { maths } = loadCarousel();

test('wrap maps every laid-out position to the real slide it shows', () => {
  // Five slides: the clone of the last at -1, the clone of the first at 5.
  assert.deepEqual([-1, 0, 1, 2, 3, 4, 5].map((p) => maths.wrap(p, 5)), [4, 0, 1, 2, 3, 4, 0]);
  assert.deepEqual([-1, 0, 1, 2].map((p) => maths.wrap(p, 2)), [1, 0, 1, 0]);
  assert.equal(maths.wrap(0, 1), 0);
  assert.equal(maths.wrap(-7, 3), 2);
});

test('clamp keeps a value within bounds', () => {
  assert.equal(maths.clamp(7, -1, 5), 5);
  assert.equal(maths.clamp(-3, -1, 5), -1);
  assert.equal(maths.clamp(2.5, -1, 5), 2.5);
});

test('shift leaves a clone for its real slide only once the track is within a slide of it', () => {
  // Heading to the clone of the first slide (5 of 5) and already past the last real slide.
  assert.equal(maths.shift(5, 4.6, 5), -5);
  assert.equal(maths.shift(5, 5, 5), -5);
  assert.equal(maths.shift(5, 4, 5), -5);
  // Still far from it (rapid clicks): the positions do not look alike yet, so no jump.
  assert.equal(maths.shift(5, 3.2, 5), 0);
  // The clone of the last slide (-1), mirrored.
  assert.equal(maths.shift(-1, -0.4, 5), 5);
  assert.equal(maths.shift(-1, 0, 5), 5);
  assert.equal(maths.shift(-1, 0.7, 5), 0);
  // Heading to a real slide: never shifted.
  for (let target = 0; target < 5; target++) assert.equal(maths.shift(target, target - 0.5, 5), 0);
});

test('a shifted track shows the same slide it showed before the jump', () => {
  const n = 4;
  for (const [target, at] of [[4, 3.3], [4, 4], [-1, -0.8], [-1, 0]]) {
    const offset = maths.shift(target, at, n);
    assert.notEqual(offset, 0);
    // Between which two slides the view is, and how far: identical before and after.
    const shifted = at + offset;
    assert.equal(maths.wrap(Math.floor(shifted), n), maths.wrap(Math.floor(at), n));
    assert.ok(Math.abs((shifted - Math.floor(shifted)) - (at - Math.floor(at))) < 1e-9);
    assert.ok(shifted >= -1 && shifted <= n, 'stays within the laid-out positions');
    assert.ok(target + offset >= 0 && target + offset < n, 'lands on a real slide');
  }
});

test('grab keeps a drag of half a slide either way within the laid-out positions', () => {
  const n = 3;
  for (let at = -1; at <= n; at += 0.05) {
    const grabbed = at + maths.grab(at, n);
    assert.ok(grabbed >= -0.5 && grabbed <= n - 0.5, `grabbed at ${at} → ${grabbed}`);
    assert.equal(maths.wrap(Math.round(grabbed), n), maths.wrap(Math.round(at), n), 'shows the same slide');
  }
});

test('release snaps back from a short, slow drag', () => {
  assert.equal(maths.release(2, 2.15, 0.05, 5), 2);
  assert.equal(maths.release(2, 1.85, -0.05, 5), 2);
  assert.equal(maths.release(2, 2, 0, 5), 2);
});

test('release moves on past a fifth of a slide', () => {
  assert.equal(maths.release(2, 2.25, 0, 5), 3);
  assert.equal(maths.release(2, 1.75, 0, 5), 1);
  // Dragged well over one slide: to the next edge in that direction.
  assert.equal(maths.release(1, 2.6, 0, 5), 3);
});

test('release moves on after a flick, even a short one', () => {
  assert.equal(maths.release(2, 2.05, 0.5, 5), 3);
  assert.equal(maths.release(2, 1.95, -0.5, 5), 1);
  // A flick against the drag's direction is no reason to move on.
  assert.equal(maths.release(2, 2.05, -0.5, 5), 2);
});

test('release from a track grabbed mid-transition goes to the slide in the drag direction', () => {
  assert.equal(maths.release(2.4, 2.7, 0, 5), 3);
  assert.equal(maths.release(2.4, 2.1, 0, 5), 2);
});

test('release never leaves the laid-out positions', () => {
  assert.equal(maths.release(-0.5, -1, -1, 4), -1);
  assert.equal(maths.release(3.5, 4, 1, 4), 4);
});
