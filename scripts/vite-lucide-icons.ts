// A Vite plugin: `import { Search, Star } from 'lucide-react'` becomes one import per icon module
// (`lucide-react/icons/search`, ...). Through the package's index, every icon is part of the
// module graph (it also exports them all as one namespace), so whichever chunk takes the index
// takes all icons any screen uses; per-icon imports let each icon go where it is used.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Export name (with its aliases: `AlertCircle`, `CircleAlertIcon`, ...) -> icon file name. */
function iconFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const pkg = path.dirname(require.resolve('lucide-react/package.json'));
  const index = readFileSync(path.join(pkg, 'dist/esm/lucide-react.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
    for (const name of m[1]!.matchAll(/default as (\w+)/g)) files.set(name[1]!, m[2]!);
  }
  return files;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;

export function lucideIcons(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: 'wrenchly:lucide-icons',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('lucide-react')) return null;
      files ??= iconFiles();
      const map = files;
      let changed = false;
      const out = code.replace(IMPORT, (whole, names: string) => {
        const specs = names
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => {
            const [imported, local = imported] = s.split(/\s+as\s+/) as [string, string?];
            return { imported, local, file: map.get(imported) };
          });
        // Anything else the index exports (createLucideIcon, the Icon component): left as is.
        if (specs.some((s) => !s.file)) return whole;
        changed = true;
        return specs.map((s) => `import ${s.local} from 'lucide-react/icons/${s.file}';`).join(' ');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
