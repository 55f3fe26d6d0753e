// The same safe minification the generator applies when it writes a site, so that the byte
// budgets are checked against what is served: JavaScript loses comments, indentation and blank
// lines (identifiers are kept); CSS loses comments and every run of whitespace becomes one space
// (nothing cleverer, so the budget holds for the plainest minifier).
//
// The JavaScript pass only understands the comment forms this theme's script uses: a comment
// starts at "/*" or at a "//" that begins a line or follows whitespace, so URLs inside strings
// ("https://...") survive.
export function minifyScript(source) {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|\s)\/\/.*$/, '').trim())
    .filter((line) => line !== '')
    .join('\n');
}

export function minifyStyle(source) {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
