// Fails (exit 1) when the folders of lib/ import each other in a loop; `npm run lint` runs it. The imports are
// dependency-cruiser's (TypeScript path aliases, type-only and dynamic imports included); what it checks on them is
// the rule of docs/architecture.md ("The layers of lib/"): each immediate folder of lib/ (lib/auth, lib/providers with
// all its subfolders...) is one node, each file directly in lib/ (context.ts, db.ts...) is one node of its own, and a
// node's file importing another node's file is an edge. Any cycle in that graph is a folder loop.
// `tsx scripts/check-lib-folder-loops.ts --layers` prints the layers as they are (docs/architecture.md lists them).
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** The node of a file of lib/: `lib/<folder>` or the file itself; null outside lib/ and for the generated client. */
function nodeOf(file: string): string | null {
  const match = /^lib\/([^/]+)(\/)?/.exec(file);
  if (!match || match[1] === 'generated') return null;
  return match[2] ? `lib/${match[1]}` : file;
}

/** Each node's edges, each with the first import found that makes it (to name in the failure). */
function folderGraph(result: ICruiseResult): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const module of result.modules) {
    const from = nodeOf(module.source);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const dependency of module.dependencies) {
      const to = nodeOf(dependency.resolved);
      if (to && to !== from && !edges.has(to)) edges.set(to, `${module.source} imports ${dependency.resolved}`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one node (Tarjan), each a folder loop or several intertwined. */
function loopsOf(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) loops.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return loops;
}

/** One shortest cycle through the component's first node, to show how the loop closes. */
function oneCycle(graph: Map<string, Map<string, string>>, component: string[]): string[] {
  const inLoop = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!inLoop.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0])!);
        return [...cycle, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return component;
}

/** Each node's layer (no loops): 0 when it imports no other node, else one above the highest node it imports. */
function layersOf(graph: Map<string, Map<string, string>>): Map<number, string[]> {
  const layer = new Map<string, number>();
  const layerOf = (node: string): number => {
    if (!layer.has(node)) layer.set(node, Math.max(-1, ...[...(graph.get(node)?.keys() ?? [])].map(layerOf)) + 1);
    return layer.get(node)!;
  };
  const layers = new Map<number, string[]>();
  for (const node of [...graph.keys()].sort()) layers.set(layerOf(node), [...(layers.get(layerOf(node)) ?? []), node]);
  return layers;
}

const { output } = await cruise(
  ['lib'],
  {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^lib/generated/' },
    doNotFollow: { path: 'node_modules' },
  },
  { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  { tsConfig: extractTSConfig('tsconfig.json') },
);
const result = output as ICruiseResult;
const graph = folderGraph(result);
const loops = loopsOf(graph);
for (const loop of loops) {
  const cycle = oneCycle(graph, loop);
  console.error(`lib/ folder loop (${loop.length} nodes: ${loop.join(', ')}):`);
  console.error(`  ${cycle.join(' → ')}`);
  for (let i = 0; i + 1 < cycle.length; i++) console.error(`    ${graph.get(cycle[i])!.get(cycle[i + 1])}`);
}
if (!loops.length && process.argv.includes('--layers')) {
  const layers = layersOf(graph);
  for (const level of [...layers.keys()].sort((a, b) => b - a))
    console.log(`${level}: ${layers.get(level)!.join(' ')}`);
}
if (loops.length) {
  console.error(
    `${loops.length} folder loop(s) in lib/: move the shared piece into the lower folder or a file directly in lib/ ` +
      '(docs/architecture.md, "The layers of lib/").',
  );
  process.exit(1);
}
