import { dirname, resolve } from 'node:path';

/**
 * Chunk groups for the modules a lazy screen loads beyond the entry. Left to itself, Rolldown
 * splits them by the set of screens that share each one, so the manager's Overview fetched some
 * 25 files of a few hundred bytes to a few kB each; over HTTP/1.1's six connections per host that
 * is four or five round trips. Each root named here instead gets all of it in one extra chunk.
 *
 * Only modules the entry does not already have are taken: an entry module in a group would move
 * the group into the landing page. Knowing which those are needs more than `importedIds`, because
 * an import from a package's index (`import { Button } from '@mantine/core'`) lists the whole
 * index; `StaticClosure` follows only the names imported from an index.
 */

export interface ModuleGraph {
  getModuleInfo: (id: string) => { code: string | null; importedIds: readonly string[] } | null;
}

/** A group per root: its name, and the modules it may take (node_modules and app-wide code). */
export interface CriticalRoot {
  name: string;
  /** The lazy module, e.g. /abs/src/app/dashboard-route.tsx. */
  module: string;
}

const SHARED_CODE = /\/src\/(components|hooks|lib)\/|\/packages\/contract\/src\//;
/** Modules imported by a package name that re-export the package: its index. */
const PACKAGE_INDEX = /\/node_modules\/.+\/index\.m?js$|\/packages\/contract\/src\/index\.ts$/;

export function criticalChunkName(entry: string, roots: readonly CriticalRoot[]) {
  let closure: StaticClosure | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    closure ??= new StaticClosure(graph);
    if (!id.includes('/node_modules/') && !SHARED_CODE.test(id)) return null;
    if (closure.of(entry).has(id)) return null;
    const taken = new Set<string>();
    for (const root of roots) {
      const modules = closure.of(root.module);
      if (modules.has(id) && !taken.has(id)) return root.name;
      for (const module of modules) taken.add(module);
    }
    return null;
  };
}

interface ModuleExports {
  /** Names the module declares or re-exports by name, and the module each comes from. */
  named: Map<string, string>;
  /** Modules it re-exports whole (`export * from`). */
  star: string[];
}

class StaticClosure {
  private readonly closures = new Map<string, Set<string>>();
  private readonly exports = new Map<string, ModuleExports | undefined>();

  private readonly graph: ModuleGraph;

  constructor(graph: ModuleGraph) {
    this.graph = graph;
  }

  /** The modules `root` needs statically, through only the names it imports from package indexes. */
  of(root: string): Set<string> {
    let closure = this.closures.get(root);
    if (closure) return closure;
    closure = new Set();
    const pending = [root];
    const follow = (id: string) => {
      for (const imported of this.graph.getModuleInfo(id)?.importedIds ?? []) pending.push(imported);
    };
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (closure.has(id)) continue;
      closure.add(id);
      const info = this.graph.getModuleInfo(id);
      if (!info) continue;
      for (const imported of info.importedIds) {
        if (!PACKAGE_INDEX.test(imported)) {
          pending.push(imported);
          continue;
        }
        const names = importedNames(info.code ?? '', imported);
        if (names === 'all') {
          pending.push(imported);
          continue;
        }
        closure.add(imported);
        for (const name of names) {
          const source = this.sourceOf(imported, name, new Set());
          // A name this parse could not place: take the whole index, to be safe.
          if (source) pending.push(source);
          else follow(imported);
        }
      }
    }
    this.closures.set(root, closure);
    return closure;
  }

  /** The module that defines `name` as `module` exports it, through re-exports. */
  private sourceOf(module: string, name: string, seen: Set<string>): string | undefined {
    if (seen.has(module)) return undefined;
    seen.add(module);
    const exports = this.exportsOf(module);
    if (!exports) return undefined;
    const from = exports.named.get(name);
    if (from === module) return module;
    if (from) return this.sourceOf(from, name, seen) ?? from;
    for (const star of exports.star) {
      const found = this.sourceOf(star, name, seen);
      if (found) return found;
    }
    return undefined;
  }

  private exportsOf(module: string): ModuleExports | undefined {
    if (this.exports.has(module)) return this.exports.get(module);
    const info = this.graph.getModuleInfo(module);
    let result: ModuleExports | undefined;
    if (info?.code) {
      const code = info.code;
      const named = new Map<string, string>();
      const star: string[] = [];
      const resolveFrom = (specifier: string) =>
        specifier.startsWith('.')
          ? info.importedIds.find(
              (id) => withoutExtension(id) === withoutExtension(resolve(dirname(module), specifier)),
            )
          : info.importedIds.find(
              (id) => id.includes(`/node_modules/${specifier}/`) && PACKAGE_INDEX.test(id),
            );
      for (const [, list = '', from = ''] of code.matchAll(
        /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
      )) {
        const target = resolveFrom(from);
        if (!target) continue;
        for (const part of list.split(',')) {
          const local = part
            .trim()
            .split(/\s+as\s+/)
            .pop()
            ?.trim();
          if (local && !named.has(local)) named.set(local, target);
        }
      }
      for (const [, from = ''] of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
        const target = resolveFrom(from);
        if (target) star.push(target);
      }
      for (const [, name = ''] of code.matchAll(
        /export\s+(?:declare\s+)?(?:const|let|var|function\*?|async\s+function|class|enum)\s+([\w$]+)/g,
      )) {
        named.set(name, module);
      }
      result = { named, star };
    }
    this.exports.set(module, result);
    return result;
  }
}

const withoutExtension = (path: string) => path.replace(/\.(m?js|tsx?)$/, '');

/** The names `code` imports from the package whose index is `index`, or 'all' when unsure. */
function importedNames(code: string, index: string): Set<string> | 'all' {
  const packageName = index.includes('/packages/contract/')
    ? '@depot/contract'
    : index.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];
  if (!packageName) return 'all';
  const from = `["']${packageName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}["']`;
  if (new RegExp(`(import|export)\\s*\\*[^;]*from\\s*${from}`).test(code)) return 'all';
  if (new RegExp(`import\\s+[\\w$]+\\s*(,|from)[^;]*?${from}`).test(code)) return 'all';
  const names = new Set<string>();
  let statements = 0;
  for (const [, list = ''] of code.matchAll(
    new RegExp(`(?:import|export)\\s*\\{([^}]*)\\}\\s*from\\s*${from}`, 'g'),
  )) {
    statements += 1;
    for (const part of list.split(',')) {
      const trimmed = part.trim();
      if (!trimmed || trimmed.startsWith('type ')) continue;
      const name = trimmed.split(/\s+as\s+/)[0]?.trim();
      if (name) names.add(name);
    }
  }
  // Imported some other way (a relative path to the index, a side-effect import): take it all.
  return statements > 0 ? names : 'all';
}
