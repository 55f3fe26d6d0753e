/* The carousel's behaviour. The generator lays out the markup at build time (slides, the two
 * clones, controls, labels), so this script only adds behaviour to every [data-carousel] element.
 * One classic script, no modules, so a page opened from file:// works too.
 *
 * Positions: real slides sit at 0..n-1, the clone of the last slide at -1 (laid out left of the
 * track) and the clone of the first at n, so position p always shows real slide wrap(p, n).
 */
var Carousel = (() => {
  // Pure index maths, apart from the DOM and timers so that `node --test` can check it.
  const maths = {
    wrap: (p, n) => (p % n + n) % n,
    clamp: (value, low, high) => Math.min(high, Math.max(low, value)),
    // How far (0, n or -n) to shift a track heading to `target` and visually at `at`, so that it
    // leaves the clone it is on for the identical real slide. Only allowed once the track is
    // within one slide of that clone; before that the two positions do not look alike.
    shift: (target, at, n) => target >= n && at >= n - 1 ? -n : target < 0 && at <= 0 ? n : 0,
    // How far to shift a track grabbed at `at` so that a drag of up to half a slide either way
    // stays within the laid-out positions -1..n.
    grab: (at, n) => at < -0.5 ? n : at > n - 0.5 ? -n : 0,
    // Where a drag that started at `from` and was let go at `at` settles. `speed` is the
    // pointer's last speed in px/ms, positive when moving forward. A fifth of a slide or a flick
    // of 0.3 px/ms (a quick swipe; a slow drag is under 0.1) moves on to the next slide edge in
    // that direction; anything less snaps back to the nearest slide.
    release: (from, at, speed, n) => {
      const moved = at - from;
      const far = Math.abs(moved) > 0.2 || (moved * speed > 0 && Math.abs(speed) > 0.3);
      return maths.clamp(far ? (moved > 0 ? Math.ceil(at) : Math.floor(at)) : Math.round(at), -1, n);
    }
  };

  function mount(root) {
    const options = { interval: 5000, autoplay: true, select: true, ...JSON.parse(root.dataset.carousel || '{}') };
    const find = (selector) => root.querySelector(selector);
    const viewport = find('.carousel-viewport');
    const track = find('.carousel-track');
    const kids = [...track.children];
    const dots = [...root.querySelectorAll('.carousel-dot')];
    const play = find('.carousel-play');
    const n = kids.length > 1 ? kids.length - 2 : 1;
    // Causes that pause autoplay for a while: hover, drag, hidden tab, out of view.
    const holds = new Set();
    // Every listener is registered with this signal, so destroy() removes all of them at once.
    const listeners = new AbortController();
    const seen = new IntersectionObserver((entries) => hold('view', !entries.pop().isIntersecting));
    let playing = n > 1 && options.autoplay && !matchMedia('(prefers-reduced-motion: reduce)').matches;
    let timer, drag, dragged, current = 0;

    const on = (target, type, handler, capture) => target?.addEventListener(type, handler, { capture, signal: listeners.signal });

    // A slide's width in px; 1 guards a hidden, zero-width page.
    const width = () => track.offsetWidth || 1;
    // The position shown right now, mid-transition included.
    const position = () => -new DOMMatrix(getComputedStyle(track).transform).m41 / width();

    const place = (p, animate) => {
      track.style.transition = animate ? '' : 'none';
      track.style.transform = `translateX(${-p * 100}%)`;
      // Reading layout commits a jump, so the next change animates from here, not from before.
      if (!animate) track.offsetWidth;
    };

    // Moves to position p. Without animation (already there) a clone is never shown: its real
    // slide is. Reduced motion still "animates": a 1 ms step, so that transitionend settles clones.
    const go = (p) => {
      const animate = Math.abs(position() - p) > 0.01;
      current = animate ? p : maths.wrap(p, n);
      place(current, animate);
      mark();
    };

    const to = (p, relative) => {
      if (n < 2) return;
      const at = position(), offset = maths.shift(current, at, n);
      if (offset) {
        current += offset;
        place(at + offset);
      }
      go(maths.clamp(relative ? current + p : p, -1, n));
      schedule();
    };

    // Marks the current slide for assistive tech and makes only it reachable: a focused link in
    // a hidden slide would scroll the viewport. Child k is real slide k; clones come after.
    const mark = () => {
      const index = maths.wrap(current, n);
      dots.forEach((dot, i) => dot.ariaCurrent = i == index);
      kids.forEach((slide, k) => slide.inert = k != index);
    };

    // The one place that starts a timer, after clearing the last one: never two at once, and
    // every call restarts a full interval.
    const schedule = () => {
      clearTimeout(timer);
      const running = playing && !holds.size;
      timer = running && setTimeout(to, options.interval, 1, true);
      track.ariaLive = running ? 'off' : 'polite';
      root.classList.toggle('is-playing', playing);
      if (play) play.ariaLabel = play.dataset[playing ? 'stop' : 'start'];
    };

    const hold = (cause, active) => {
      holds[active ? 'add' : 'delete'](cause);
      schedule();
    };

    const toggle = (on) => {
      playing = n > 1 && on;
      schedule();
    };

    const end = (e) => {
      if (drag?.id != e.pointerId) return;
      // A pointer that rested 100 ms before letting go did not flick.
      go(maths.release(drag.from, drag.at, e.timeStamp - drag.time < 100 ? drag.speed : 0, n));
      drag = null;
      hold('drag');
    };

    if (n > 1) {
      on(viewport, 'pointerdown', (e) => {
        dragged = false;
        if (e.button) return;
        const at = position() + maths.grab(position(), n);
        place(at);
        drag = { id: e.pointerId, x: e.clientX, from: at, at, time: e.timeStamp };
        hold('drag', true);
      });
      on(viewport, 'pointermove', (e) => {
        if (drag?.id != e.pointerId) return;
        const moved = e.clientX - drag.x;
        // Capture only once this is a drag (5 px): capturing earlier would retarget a plain
        // tap's click to the viewport, and the slide's link would not be followed.
        if (!dragged && Math.abs(moved) > 5) {
          dragged = true;
          viewport.setPointerCapture(e.pointerId);
        }
        if (!dragged) return;
        const at = maths.clamp(drag.from - moved / width(), -1, n);
        drag.speed = (at - drag.at) * width() / (e.timeStamp - drag.time || 1);
        drag.at = at;
        drag.time = e.timeStamp;
        place(at);
      });
      ['pointerup', 'pointercancel', 'pointerleave'].forEach((type) => on(viewport, type, end));
      // Landing on a clone jumps to its real slide. go() is a no-op for any other transition
      // that ends inside the track.
      on(track, 'transitionend', () => go(current));
      on(root, 'keydown', (e) => {
        const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
        if (step) {
          e.preventDefault();
          to(step, true);
        }
      });
      // WAI-ARIA APG: keyboard focus inside stops rotation until the user presses play.
      on(root, 'focusin', (e) => e.target.matches(':focus-visible') && toggle(false));
      on(root, 'pointerenter', () => hold('hover', true));
      on(root, 'pointerleave', () => hold('hover'));
      on(document, 'visibilitychange', () => hold('hidden', document.hidden));
      on(play, 'click', () => toggle(!playing));
      on(find('.carousel-prev'), 'click', () => to(-1, true));
      on(find('.carousel-next'), 'click', () => to(1, true));
      dots.forEach((dot, i) => on(dot, 'click', () => to(i)));
      seen.observe(root);
    }

    // Capturing, so the click that ends a drag is swallowed before the slide's link sees it.
    // Only the current slide takes clicks (the others are inert, clicks on them land on the
    // track), so the selected slide is the current one, a clone's real slide included.
    on(viewport, 'click', (e) => {
      if (dragged) {
        dragged = false;
        e.preventDefault();
        e.stopPropagation();
      } else if (options.select) {
        root.dispatchEvent(new CustomEvent('carousel:select', { bubbles: true, detail: { index: maths.wrap(current, n) } }));
      }
    }, true);

    root.classList.add('is-live');
    mark();
    schedule();

    return root.carousel = {
      get index() {
        return maths.wrap(current, n);
      },
      go: to,
      play: toggle,
      destroy() {
        listeners.abort();
        clearTimeout(timer);
        seen.disconnect();
        root.classList.remove('is-live', 'is-playing');
        track.removeAttribute('style');
        // Clones need no inert once hidden by the stylesheet's no-script layout.
        kids.forEach((slide) => slide.inert = false);
        delete root.carousel;
      }
    };
  }

  document.querySelectorAll('[data-carousel]').forEach(mount);
  return { maths, mount };
})();
