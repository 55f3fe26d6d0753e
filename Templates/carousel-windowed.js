/* The carousel runtime for long shows. The generator switches a show to it above the slide count
 * where a page with every slide in its markup starts up slowly (see WindowedMode.swift).
 *
 * Only three slide views exist, however long the show: left, centre and right, in that order in
 * the track, with the track resting at position 1 (the centre). A move animates the track to 0
 * or 2; once it lands, the view that left the window is moved to the other end and refilled, and
 * the track jumps back to 1 without animation, so the page never holds more than three slides.
 * The slides' data come from the section's <script type="application/json"> block, which the
 * browser never runs (the page's policy allows no inline script).
 *
 * Behaviour matches carousel.js: loop, autoplay with the same pauses, drag, arrow keys, the
 * carousel:select event and the same `root.carousel` API. The dots are a "12 / 4,000" counter.
 */
var WindowedCarousel = (() => {
  // Pure maths, apart from the DOM, so that `node --test` can check it.
  const maths = {
    wrap: (p, n) => (p % n + n) % n,
    clamp: (value, low, high) => Math.min(high, Math.max(low, value)),
    // The views' distance (-1, 0 or 1) from slide `from` to slide `to` when they are neighbours
    // in the loop, else 0 (a jump, refilled without animation).
    step: (from, to, n) => maths.wrap(to - from, n) == 1 ? 1 : maths.wrap(from - to, n) == 1 ? -1 : 0,
    // Where a drag let go at `at` (0..2, from a start at `from`) settles, by carousel.js's rule:
    // a fifth of a slide or a 0.3 px/ms flick moves on, less snaps back to the nearest view.
    release: (from, at, speed) => {
      const moved = at - from;
      const far = Math.abs(moved) > 0.2 || (moved * speed > 0 && Math.abs(speed) > 0.3);
      return maths.clamp(far ? (moved > 0 ? Math.ceil(at) : Math.floor(at)) : Math.round(at), 0, 2);
    }
  };

  // An element with attributes (null ones left out) and children.
  const make = (tag, attributes, ...children) => {
    const node = document.createElement(tag);
    for (const name in attributes) if (attributes[name] != null) node.setAttribute(name, attributes[name]);
    node.append(...children.filter((child) => child));
    return node;
  };

  // A slide's content, laid out as the theme's partials/slide.mustache lays it out.
  const figure = (s, priority) => {
    const sizes = s.srcset && '100vw';
    const image = make('img', {
      src: s.src, width: s.width, height: s.height, alt: s.alt || '', srcset: s.srcset, sizes,
      fetchpriority: priority, decoding: 'async', draggable: 'false'
    });
    const picture = make('picture', {}, ...(s.sources || []).map((source) => make('source', { type: source.type, srcset: source.srcset, sizes })), image);
    const placeholder = s.placeholder && make('img', { class: 'carousel-placeholder', src: s.placeholder, alt: '', 'aria-hidden': 'true', draggable: 'false' });
    const media = s.link
      ? make('a', { class: 'carousel-media', href: s.link, draggable: 'false', rel: s.external ? 'noopener' : null }, placeholder, picture)
      : make('div', { class: 'carousel-media' }, placeholder, picture);
    const caption = (s.title || s.caption) && make('figcaption', { class: 'carousel-caption' },
      s.title && make('strong', { class: 'carousel-title' }, s.title), s.title && s.caption && ' ', s.caption && make('span', {}, s.caption));
    return make('figure', { class: 'carousel-figure' }, media, caption);
  };

  function mount(root) {
    const options = { interval: 5000, autoplay: true, select: true, ...JSON.parse(root.dataset.carouselWindowed || '{}') };
    const find = (selector) => root.querySelector(selector);
    const slides = JSON.parse(find('.carousel-data').textContent);
    const n = slides.length;
    const viewport = find('.carousel-viewport');
    const track = find('.carousel-track');
    const play = find('.carousel-play');
    const number = find('.carousel-number');
    const status = find('.carousel-status');
    const format = new Intl.NumberFormat(document.documentElement.lang || undefined);
    const total = format.format(n);
    const holds = new Set();
    const listeners = new AbortController();
    const seen = new IntersectionObserver((entries) => hold('view', !entries.pop().isIntersecting));
    let playing = n > 1 && options.autoplay && !matchMedia('(prefers-reduced-motion: reduce)').matches;
    // `current` is the centre view's slide; `offset` (-1, 0, 1) the view the track is heading to.
    let timer, settling, drag, dragged, current = 0, offset = 0;

    const on = (target, type, handler, capture) => target?.addEventListener(type, handler, { capture, signal: listeners.signal });
    const width = () => track.offsetWidth || 1;
    const position = () => -new DOMMatrix(getComputedStyle(track).transform).m41 / width();
    const index = () => maths.wrap(current + offset, n);

    const place = (p, animate) => {
      track.style.transition = animate ? '' : 'none';
      track.style.transform = `translateX(${-p * 100}%)`;
      if (!animate) track.offsetWidth;
    };

    const label = (view, i) => view.ariaLabel = `${format.format(i + 1)} of ${total}`;
    const fill = (view, i) => {
      view.replaceChildren(figure(slides[i]));
      label(view, i);
    };

    // The generator renders the first two slides (the page's content without script); the view
    // left of the first slide, holding the last, is made here.
    const views = [...track.children];
    while (views.length < 2) views.push(make('div', { class: 'carousel-slide', role: 'group', 'aria-roledescription': 'slide' }));
    views.unshift(views[0].cloneNode(false));
    track.replaceChildren(...views);
    views.forEach((view, k) => view.firstChild ? label(view, maths.wrap(k - 1, n)) : fill(view, maths.wrap(k - 1, n)));

    // Only the centre view is reachable and announced; the counter and the status follow the
    // slide the carousel is on or heading to.
    const mark = () => {
      views.forEach((view, k) => {
        view.inert = k != 1;
        view.ariaHidden = k != 1;
      });
      const i = index();
      // A one-slide show has no controls, so no counter.
      if (number) number.textContent = format.format(i + 1);
      status.textContent = `Slide ${format.format(i + 1)} of ${total}${slides[i].title ? `: ${slides[i].title}` : ''}`;
    };

    // Once the track rests on a neighbour, recycles the view that left the window: the centre
    // becomes that neighbour and the track, shifted by one view, looks exactly as before.
    const recycle = () => {
      if (!offset) return;
      const at = position();
      current = index();
      if (offset > 0) {
        views.push(views.shift());
        track.append(views[2]);
        fill(views[2], maths.wrap(current + 1, n));
      } else {
        views.unshift(views.pop());
        track.prepend(views[0]);
        fill(views[0], maths.wrap(current - 1, n));
      }
      place(at - offset);
      offset = 0;
      mark();
    };

    // Whether the track rests where the current move is heading.
    const landed = () => Math.abs(position() - 1 - offset) < 0.01;

    // transitionend recycles; this covers one that never arrives (seen once in a loaded
    // browser), recycling only once the track has no transition left to run.
    const settle = () => track.getAnimations().length ? settling = setTimeout(settle, 100) : recycle();

    // Moves the track to view position p (0, 1 or 2), animating when it is not there already.
    const go = (p) => {
      offset = p - 1;
      const animate = !landed();
      place(p, animate);
      clearTimeout(settling);
      if (animate) {
        mark();
        settling = setTimeout(settle, 600);
      } else recycle();
    };

    // Shows slide i, or the slide i away with `relative`: a neighbour slides in, any other
    // slide replaces the window at once (thousands of slides cannot be scrolled past).
    const to = (i, relative) => {
      if (n < 2) return;
      recycle();
      const target = maths.wrap(relative ? current + i : i, n);
      const step = maths.step(current, target, n);
      if (step) go(1 + step);
      else if (target != current) {
        current = target;
        views.forEach((view, k) => fill(view, maths.wrap(current + k - 1, n)));
        place(1);
        mark();
      }
      schedule();
    };

    const schedule = () => {
      clearTimeout(timer);
      const running = playing && !holds.size;
      timer = running && setTimeout(to, options.interval, 1, true);
      status.ariaLive = running ? 'off' : 'polite';
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
      go(maths.release(drag.from, drag.at, e.timeStamp - drag.time < 100 ? drag.speed : 0));
      drag = null;
      hold('drag');
    };

    if (n > 1) {
      on(viewport, 'pointerdown', (e) => {
        dragged = false;
        if (e.button) return;
        recycle();
        const at = position();
        place(at);
        drag = { id: e.pointerId, x: e.clientX, from: at, at, time: e.timeStamp };
        hold('drag', true);
      });
      on(viewport, 'pointermove', (e) => {
        if (drag?.id != e.pointerId) return;
        const moved = e.clientX - drag.x;
        if (!dragged && Math.abs(moved) > 5) {
          dragged = true;
          viewport.setPointerCapture(e.pointerId);
        }
        if (!dragged) return;
        const at = maths.clamp(drag.from - moved / width(), 0, 2);
        drag.speed = (at - drag.at) * width() / (e.timeStamp - drag.time || 1);
        drag.at = at;
        drag.time = e.timeStamp;
        place(at);
      });
      ['pointerup', 'pointercancel', 'pointerleave'].forEach((type) => on(viewport, type, end));
      // Only an end that finds the track landed: one can arrive late, when the settle timer has
      // recycled already and a newer move is under way, which it must not cut short.
      on(track, 'transitionend', (e) => e.target == track && landed() && recycle());
      on(root, 'keydown', (e) => {
        const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
        if (step) {
          e.preventDefault();
          to(step, true);
        }
      });
      on(root, 'focusin', (e) => e.target.matches(':focus-visible') && toggle(false));
      on(root, 'pointerenter', () => hold('hover', true));
      on(root, 'pointerleave', () => hold('hover'));
      on(document, 'visibilitychange', () => hold('hidden', document.hidden));
      on(play, 'click', () => toggle(!playing));
      on(find('.carousel-prev'), 'click', () => to(-1, true));
      on(find('.carousel-next'), 'click', () => to(1, true));
      seen.observe(root);
    }

    on(viewport, 'click', (e) => {
      if (dragged) {
        dragged = false;
        e.preventDefault();
        e.stopPropagation();
      } else if (options.select) {
        root.dispatchEvent(new CustomEvent('carousel:select', { bubbles: true, detail: { index: index() } }));
      }
    }, true);

    root.classList.add('is-live');
    place(1);
    mark();
    schedule();

    return root.carousel = {
      get index() {
        return index();
      },
      go: to,
      play: toggle,
      destroy() {
        listeners.abort();
        clearTimeout(timer);
        clearTimeout(settling);
        seen.disconnect();
        root.classList.remove('is-live', 'is-playing');
        track.removeAttribute('style');
        views.forEach((view) => view.inert = view.ariaHidden = false);
        delete root.carousel;
      }
    };
  }

  document.querySelectorAll('[data-carousel-windowed]').forEach(mount);
  return { maths, mount };
})();
