// The minification the generator applies when it writes a site (its Minifier type), restated
// here so that the byte budgets are checked against the bytes a browser is served. The Swift
// side has its own tests of the minifier; a change there that grows the output must be mirrored
// here, or the budget test would measure something else.
//
// Scripts lose comments, indentation and blank lines; nothing is renamed. Stylesheets lose
// comments and whitespace, keeping one space only where punctuation does not already separate
// tokens (and always before ':', since `.a :focus` is not `.a:focus`).

// Removes /* */ comments (and, for scripts, // comments) outside string and template literals.
function stripComments(source, lineComments) {
  let output = '';
  let quote = null;
  for (let i = 0; i < source.length; i++) {
    const character = source[i];
    if (quote) {
      output += character;
      if (character === '\\' && i + 1 < source.length) {
        output += source[++i];
      } else if (character === quote) {
        quote = null;
      }
      continue;
    }
    if (character === '/' && source[i + 1] === '*') {
      const close = source.indexOf('*/', i + 2);
      i = close < 0 ? source.length : close + 1;
      continue;
    }
    if (lineComments && character === '/' && source[i + 1] === '/') {
      while (i + 1 < source.length && source[i + 1] !== '\n') i++;
      continue;
    }
    if (character === '"' || character === "'" || character === '`') quote = character;
    output += character;
  }
  return output;
}

export function minifyScript(source) {
  return stripComments(source, true)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n') + '\n';
}

export function minifyStyle(source) {
  let result = '';
  let pendingSpace = false;
  for (const character of stripComments(source, false)) {
    if (/\s/.test(character)) {
      pendingSpace = result !== '';
      continue;
    }
    const last = result[result.length - 1];
    if (pendingSpace && last !== undefined && !'{};:,>'.includes(last) && !'{};,>)'.includes(character)) {
      result += ' ';
    }
    pendingSpace = false;
    result += character;
  }
  return result + '\n';
}
