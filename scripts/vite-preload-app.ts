// A Vite plugin: the built index.html preloads the modules the entry imports to start the app
// (`warm-up.ts`, `boot.tsx`) and what they import. The entry imports them only once the server's
// page is painted (src/client/main.tsx); preloaded, their files download meanwhile.
import type { Plugin } from 'vite';

export function preloadApp(starts: RegExp[]): Plugin {
  return {
    name: 'wrenchly:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          chunks.find((c) => c.fileName === file)?.imports.forEach(visit);
        };
        for (const c of chunks)
          if (c.facadeModuleId && starts.some((s) => s.test(c.facadeModuleId!))) visit(c.fileName);
        return [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
