// Loads Templates/carousel.js the way a page does (one classic script), with a document that has
// no carousels, and returns the `Carousel` global it defines. The index maths needs no DOM.
import { readFileSync } from 'node:fs';

export const scriptPath = new URL('../../Templates/carousel.js', import.meta.url);
export const stylePath = new URL('../../Templates/carousel.css', import.meta.url);

export function loadCarousel() {
  const source = readFileSync(scriptPath, 'utf8');
  const document = { querySelectorAll: () => [] };
  return new Function('document', `${source}\nreturn Carousel;`)(document);
}
