import { describe, expect, it } from 'vitest';
import { inlineStyles, preloadsFor, scriptJson, stylesFirst } from './ssr';

describe('server rendering helpers', () => {
  it('puts the stylesheets ahead of the scripts and preloads, once each', () => {
    const html =
      '<head><title>W</title><script type="module" src="/a.js"></script><link rel="modulepreload" href="/b.js"><link rel="stylesheet" href="/c.css"><link rel="stylesheet" href="/d.css"></head>';
    expect(stylesFirst(html)).toBe(
      '<head><title>W</title><link rel="stylesheet" href="/c.css"><link rel="stylesheet" href="/d.css"><script type="module" src="/a.js"></script><link rel="modulepreload" href="/b.js"></head>',
    );
    expect(stylesFirst('<head><title>W</title></head>')).toBe('<head><title>W</title></head>');
  });

  it("lists a screen's chunk with its static imports once, and their CSS", () => {
    const manifest = {
      'routes/a.tsx': { file: 'assets/a.js', imports: ['_b.js', '_c.js'], css: ['assets/a.css'] },
      '_b.js': { file: 'assets/b.js', imports: ['_c.js'] },
      '_c.js': { file: 'assets/c.js', imports: ['_b.js'] },
    };
    expect(preloadsFor(manifest, 'routes/a.tsx')).toEqual({
      js: ['assets/a.js', 'assets/b.js', 'assets/c.js'],
      css: ['assets/a.css'],
    });
    expect(preloadsFor(manifest, 'routes/missing.tsx')).toEqual({ js: [], css: [] });
  });

  it('keeps JSON from closing the script element it sits in', () => {
    expect(scriptJson('{"a":"</script><!--"}')).toBe('{"a":"\\u003c/script>\\u003c!--"}');
  });

  it('writes the built stylesheets into the page, unless they point elsewhere relatively', () => {
    const files: Record<string, string> = {
      'assets/a.css': '.a{color:red}',
      'assets/b.css': '.b{background:url(./img.png)}',
      'assets/c.css': '.c{background:url(data:image/png;base64,AA)}',
    };
    const html =
      '<link rel="stylesheet" crossorigin href="/assets/a.css"><link rel="stylesheet" href="/assets/b.css"><link rel="stylesheet" href="/assets/c.css"><link rel="stylesheet" href="https://x.example/d.css">';
    expect(inlineStyles(html, (href) => files[href]!)).toBe(
      '<style data-href="/assets/a.css">.a{color:red}</style><link rel="stylesheet" href="/assets/b.css"><style data-href="/assets/c.css">.c{background:url(data:image/png;base64,AA)}</style><link rel="stylesheet" href="https://x.example/d.css">',
    );
  });
});
