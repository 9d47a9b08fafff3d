#!/usr/bin/env node
// Draws docs/architecture.svg: the public packages as boxes with their dependency arrows (read from
// each packages/*/package.json, so the picture follows the code), and the path of one tool call
// through the gate's eleven stages, with the refusal path to the output limit.
// `node scripts/architecture-diagram.mjs` writes the file; `--check` exits 1 when it is stale.
// The output depends only on the package.json files: no dates, no randomness, fixed rounding.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIAGRAM_PATH = join(ROOT, 'docs', 'architecture.svg');

const WIDTH = 1400;
const HEIGHT = 900;
const FONT = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"';

/**
 * The public packages under `root/packages` (package.json without `private: true`), each with the
 * workspace packages it depends on: `dependencies` (solid arrows) and `peerDependencies` (dashed).
 */
export function readPackages(root = ROOT) {
  const manifests = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const path = join(root, 'packages', folder, 'package.json');
    if (!existsSync(path)) continue;
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    if (manifest.private === true) continue;
    manifests.push({ folder, manifest });
  }
  const names = new Set(manifests.map(({ manifest }) => manifest.name));
  const inWorkspace = (record) =>
    Object.keys(record ?? {})
      .filter((name) => names.has(name))
      .sort();
  return manifests.map(({ folder, manifest }) => ({
    folder,
    name: manifest.name,
    dependencies: inWorkspace(manifest.dependencies),
    peers: inWorkspace(manifest.peerDependencies).filter((name) => !(manifest.dependencies ?? {})[name]),
  }));
}

/** Each package's column: 0 for a package that depends on no other, else one more than its deepest dependency. */
function depths(packages) {
  const byName = new Map(packages.map((entry) => [entry.name, entry]));
  const depth = new Map();
  const visit = (name, seen) => {
    if (depth.has(name)) return depth.get(name);
    if (seen.has(name)) throw new Error(`dependency cycle through ${name}`);
    const entry = byName.get(name);
    const below = [...entry.dependencies, ...entry.peers].map((dependency) =>
      visit(dependency, new Set([...seen, name])),
    );
    const value = below.length === 0 ? 0 : Math.max(...below) + 1;
    depth.set(name, value);
    return value;
  };
  for (const entry of packages) visit(entry.name, new Set());
  return depth;
}

const round = (value) => Math.round(value * 10) / 10;

/** Orders text by code unit, the same under every locale. */
const compareText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function escape(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function text(x, y, content, { size = 14, weight = 'normal', anchor = 'start', fill = '#1f2933', style = '' } = {}) {
  const extra = style === '' ? '' : ` font-style="${style}"`;
  return `<text x="${round(x)}" y="${round(y)}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}" fill="${fill}"${extra}>${escape(content)}</text>`;
}

function rect(x, y, width, height, { fill = '#ffffff', stroke = '#52606d', dash = '', radius = 6 } = {}) {
  const dashed = dash === '' ? '' : ` stroke-dasharray="${dash}"`;
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" rx="${radius}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"${dashed}/>`;
}

function path(points, { stroke = '#52606d', dash = '', marker = 'arrow', width = 1.5 } = {}) {
  const d = points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x)},${round(y)}`).join(' ');
  const dashed = dash === '' ? '' : ` stroke-dasharray="${dash}"`;
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"${dashed} marker-end="url(#${marker})"/>`;
}

// ---- The packages (left panel) --------------------------------------------------------------

const PANEL = { x: 20, y: 70, width: 690, height: 700 };
const BOX = { width: 132, height: 56 };
/** A box's height: taller when many arrows meet one of its sides, so that they stay apart. */
const boxHeight = (arrows) => Math.max(BOX.height, 16 * arrows + 24);

/** The package boxes and the arrows between them, laid out in columns: dependents left, what they use right. */
function packageLayer(packages) {
  const depth = depths(packages);
  const columnsCount = Math.max(...depth.values()) + 1;
  // Column 0 (left) holds what depends on the most; the rightmost holds what depends on nothing.
  const columns = Array.from({ length: columnsCount }, () => []);
  for (const entry of packages) columns[columnsCount - 1 - depth.get(entry.name)].push(entry);
  const short = (name) => name.replace(/^@toolwright\//, '');
  for (const column of columns) column.sort((a, b) => compareText(short(a.name), short(b.name)));

  const gapX = (PANEL.width - columnsCount * BOX.width) / (columnsCount - 1 || 1);
  const top = PANEL.y + 50;
  const usable = PANEL.height - 110;
  const edges = [];
  for (const entry of packages) {
    for (const dependency of entry.dependencies) edges.push({ from: entry.name, to: dependency, peer: false });
    for (const dependency of entry.peers) edges.push({ from: entry.name, to: dependency, peer: true });
  }
  const arrows = (name) =>
    Math.max(edges.filter((edge) => edge.from === name).length, edges.filter((edge) => edge.to === name).length);
  const place = new Map();
  columns.forEach((column, index) => {
    const x = PANEL.x + index * (BOX.width + gapX);
    const heights = column.map((entry) => boxHeight(arrows(entry.name)));
    const sum = heights.reduce((total, height) => total + height, 0);
    const gapY = column.length > 1 ? Math.min(80, (usable - sum) / (column.length - 1)) : 0;
    let y = top + (usable - sum - (column.length - 1) * gapY) / 2;
    column.forEach((entry, row) => {
      place.set(entry.name, { x, y, height: heights[row], column: index });
      y += heights[row] + gapY;
    });
  });
  const centerY = (name) => place.get(name).y + place.get(name).height / 2;
  // Spread the arrows leaving (and entering) one box over its side, in the order of the other end.
  const outgoing = new Map();
  const incoming = new Map();
  for (const edge of edges) {
    (outgoing.get(edge.from) ?? outgoing.set(edge.from, []).get(edge.from)).push(edge);
    (incoming.get(edge.to) ?? incoming.set(edge.to, []).get(edge.to)).push(edge);
  }
  for (const list of outgoing.values()) {
    list.sort((a, b) => centerY(a.to) - centerY(b.to) || compareText(a.to, b.to));
    list.forEach((edge, index) => (edge.startOffset = (index + 1) / (list.length + 1)));
  }
  for (const list of incoming.values()) {
    list.sort((a, b) => centerY(a.from) - centerY(b.from) || compareText(a.from, b.from));
    list.forEach((edge, index) => (edge.endOffset = (index + 1) / (list.length + 1)));
  }

  // An arrow that skips a column passes it through a gap between that column's boxes, never a box.
  const gapUse = new Map();
  const parts = [];
  for (const edge of edges) {
    const from = place.get(edge.from);
    const to = place.get(edge.to);
    const start = [from.x + BOX.width, from.y + from.height * edge.startOffset];
    const end = [to.x, to.y + to.height * edge.endOffset];
    const points = [start];
    for (let column = from.column + 1; column < to.column; column++) {
      const boxes = columns[column].map((entry) => place.get(entry.name));
      const x = boxes[0].x;
      const share = (column - from.column) / (to.column - from.column);
      const wanted = start[1] + (end[1] - start[1]) * share;
      const gaps = [boxes[0].y - 24];
      for (let index = 1; index < boxes.length; index++)
        gaps.push((boxes[index - 1].y + boxes[index - 1].height + boxes[index].y) / 2);
      gaps.push(boxes.at(-1).y + boxes.at(-1).height + 24);
      const best = gaps.reduce((chosen, gap) => (Math.abs(gap - wanted) < Math.abs(chosen - wanted) ? gap : chosen));
      const key = `${column}:${best}`;
      const used = gapUse.get(key) ?? 0;
      gapUse.set(key, used + 1);
      const y = best + (used % 2 === 0 ? 1 : -1) * Math.ceil(used / 2) * 8;
      points.push([x - 10, y], [x + BOX.width + 10, y]);
    }
    points.push([end[0] - 2, end[1]]);
    parts.push(path(points, { dash: edge.peer ? '6 4' : '', stroke: edge.peer ? '#7b8794' : '#3e4c59' }));
  }
  for (const entry of packages) {
    const { x, y, height } = place.get(entry.name);
    const scoped = entry.name.startsWith('@toolwright/');
    const middle = y + height / 2;
    parts.push(rect(x, y, BOX.width, height, { fill: '#e3f0ff', stroke: '#2f6fb3' }));
    const over = scoped ? '@toolwright/' : 'the command';
    parts.push(text(x + BOX.width / 2, middle - 8, over, { size: 12, anchor: 'middle', fill: '#52606d' }));
    parts.push(text(x + BOX.width / 2, middle + 13, short(entry.name), { size: 16, weight: 'bold', anchor: 'middle' }));
  }
  // Legend.
  const legendY = PANEL.y + PANEL.height - 36;
  parts.push(
    path(
      [
        [PANEL.x, legendY],
        [PANEL.x + 46, legendY],
      ],
      { stroke: '#3e4c59' },
    ),
  );
  parts.push(text(PANEL.x + 56, legendY + 5, 'A → B: A depends on B (dependencies)', { size: 13 }));
  parts.push(
    path(
      [
        [PANEL.x + 330, legendY],
        [PANEL.x + 376, legendY],
      ],
      { stroke: '#7b8794', dash: '6 4' },
    ),
  );
  parts.push(text(PANEL.x + 386, legendY + 5, 'peer dependency', { size: 13 }));
  parts.push(
    text(PANEL.x, legendY + 30, `${packages.length} public packages, read from packages/*/package.json`, {
      size: 13,
      fill: '#52606d',
    }),
  );
  return parts;
}

// ---- One call through the gate (right panel) -----------------------------------------------

const STAGES = [
  ['lookup.ts', 'unknown tool → did-you-mean'],
  ['arguments.ts', 'arguments that are not a JSON object'],
  ['limits.ts', 'size and depth caps'],
  ['policies-before.ts', "policies' before, safety policy first"],
  ['permission.ts', 'rules or cwd confinement; ask → approver'],
  ['validation.ts', 'ENFORCE refuses, WARN logs, OFF skips'],
  ['execution.ts', "the tool's execute, under the gate timeout"],
  ['policies-after.ts', "policies' after may rewrite the result"],
  ['output-check.ts', 'a payload that breaks its schema → error'],
  ['output-limit.ts', 'one limit for refusals and results'],
  ['audit.ts', 'the audit event of the outcome'],
];
/** The stages that can refuse a call (1 to 6); the others never do. */
const REFUSING = 6;
const OUTPUT_LIMIT = 9;

function callLayer() {
  const parts = [];
  const x = 866;
  const width = 300;
  const height = 46;
  const step = 58;
  const top = 118;
  const rail = 826;
  const mid = x + width / 2;

  parts.push(text(740, 50, 'One tool call through @toolwright/gate', { size: 20, weight: 'bold' }));

  // The provider payload, made a ToolUse.
  const entryY = top - 50;
  parts.push(rect(x - 40, entryY - 2, width + 80, 40, { fill: '#fff4d6', stroke: '#b7791f' }));
  parts.push(
    text(mid, entryY + 15, 'provider payload → ToolUse (src/providers/)', {
      size: 13,
      weight: 'bold',
      anchor: 'middle',
    }),
  );
  parts.push(text(mid, entryY + 31, 'fromAnthropicToolUse, fromOpenAIChatToolCall, …', { size: 12, anchor: 'middle' }));
  parts.push(
    path([
      [mid, entryY + 38],
      [mid, top + 6],
    ]),
  );
  parts.push(text(mid + 8, top + 2, 'ToolGate.execute → run-stages.ts (stage-list.ts)', { size: 12, fill: '#52606d' }));

  const stageTop = top + 14;
  const stageY = (index) => stageTop + index * step;
  STAGES.forEach(([file, what], index) => {
    const y = stageY(index);
    const refusing = index < REFUSING;
    parts.push(
      rect(x, y, width, height, { fill: refusing ? '#fdecec' : '#e6f6ec', stroke: refusing ? '#c53030' : '#2f855a' }),
    );
    parts.push(text(x + 12, y + 19, `${index + 1}  ${file}`, { size: 14, weight: 'bold' }));
    parts.push(text(x + 12, y + 37, what, { size: 12, fill: '#323f4b' }));
    if (index < STAGES.length - 1)
      parts.push(
        path([
          [mid, y + height],
          [mid, y + step - 2],
        ]),
      );
  });

  // The refusal rail: a refusal at stages 1–6 goes straight to the output limit.
  const refusalColor = '#c53030';
  for (let index = 0; index < REFUSING; index++) {
    const y = stageY(index) + height / 2;
    parts.push(
      `<path d="M${x},${y} L${rail},${y}" fill="none" stroke="${refusalColor}" stroke-width="1.5" stroke-dasharray="5 3"/>`,
    );
  }
  const limitY = stageY(OUTPUT_LIMIT) + height / 2;
  parts.push(
    path(
      [
        [rail, stageY(0) + height / 2],
        [rail, limitY],
        [x - 2, limitY],
      ],
      { stroke: refusalColor, dash: '5 3', marker: 'arrow-red' },
    ),
  );
  const labelY = (stageY(REFUSING) + stageY(REFUSING + 1)) / 2 + height / 2;
  parts.push(
    `<text x="${rail - 10}" y="${round(labelY)}" font-size="13" font-weight="bold" fill="${refusalColor}" text-anchor="middle" transform="rotate(-90 ${rail - 10} ${round(labelY)})">refused</text>`,
  );
  ['the stage that', 'refuses records', 'its audit event'].forEach((line, index) =>
    parts.push(text(742, limitY + 22 + index * 15, line, { size: 12, fill: refusalColor })),
  );

  // The tool, beside the execution stage.
  const execY = stageY(6);
  const toolX = x + width + 34;
  const toolWidth = WIDTH - 20 - toolX;
  parts.push(rect(toolX, execY - 12, toolWidth, height + 24, { fill: '#f0e9ff', stroke: '#6b46c1' }));
  parts.push(
    text(toolX + toolWidth / 2, execY + 9, "the tool's execute", { size: 13, weight: 'bold', anchor: 'middle' }),
  );
  parts.push(text(toolX + toolWidth / 2, execY + 27, 'called only in', { size: 12, anchor: 'middle' }));
  parts.push(text(toolX + toolWidth / 2, execY + 43, 'execution/invoke-tool.ts', { size: 12, anchor: 'middle' }));
  parts.push(
    path(
      [
        [x + width, execY + 16],
        [toolX - 2, execY + 16],
      ],
      { stroke: '#6b46c1', marker: 'arrow-violet' },
    ),
  );
  parts.push(
    path(
      [
        [toolX, execY + 32],
        [x + width + 2, execY + 32],
      ],
      { stroke: '#6b46c1', marker: 'arrow-violet' },
    ),
  );

  // judge: the same list up to the permission stage.
  const bracketX = x + width + 18;
  const judgeTop = stageY(0) + 4;
  const judgeBottom = stageY(4) + height - 4;
  parts.push(
    `<path d="M${bracketX - 8},${judgeTop} L${bracketX},${judgeTop} L${bracketX},${judgeBottom} L${bracketX - 8},${judgeBottom}" fill="none" stroke="#2f6fb3" stroke-width="1.5"/>`,
  );
  const judgeMid = (judgeTop + judgeBottom) / 2;
  parts.push(text(bracketX + 10, judgeMid - 8, 'ToolGate.judge', { size: 13, weight: 'bold', fill: '#2f6fb3' }));
  parts.push(text(bracketX + 10, judgeMid + 10, 'runs stages 1–5', { size: 12, fill: '#2f6fb3' }));
  parts.push(text(bracketX + 10, judgeMid + 26, '(nothing runs)', { size: 12, fill: '#2f6fb3' }));

  // The outcome and the answer in the provider's format.
  const lastY = stageY(STAGES.length - 1) + height;
  const outcomeY = lastY + 14;
  parts.push(
    path([
      [mid, lastY],
      [mid, outcomeY - 2],
    ]),
  );
  parts.push(rect(x - 70, outcomeY, width + 140, 40, { fill: '#fff4d6', stroke: '#b7791f' }));
  parts.push(
    text(mid, outcomeY + 16, 'one typed outcome (execution/call-outcome.ts)', {
      size: 13,
      weight: 'bold',
      anchor: 'middle',
    }),
  );
  parts.push(
    text(mid, outcomeY + 33, 'ran · refused (stage, reason, rule) · failed · timed-out · aborted', {
      size: 12,
      anchor: 'middle',
    }),
  );
  const answerY = outcomeY + 54;
  parts.push(
    path([
      [mid, outcomeY + 40],
      [mid, answerY - 2],
    ]),
  );
  parts.push(rect(x - 70, answerY, width + 140, 40, { fill: '#fff4d6', stroke: '#b7791f' }));
  parts.push(
    text(mid, answerY + 16, 'ToolResult → provider payload (src/providers/)', {
      size: 13,
      weight: 'bold',
      anchor: 'middle',
    }),
  );
  parts.push(
    text(mid, answerY + 33, 'toAnthropicToolResult, toOpenAIChatToolMessage, …', { size: 12, anchor: 'middle' }),
  );
  return parts;
}

/** The whole diagram, as the text of an SVG file. */
export function renderDiagram(root = ROOT) {
  const packages = readPackages(root);
  const body = [
    rect(0, 0, WIDTH, HEIGHT, { fill: '#ffffff', stroke: '#ffffff', radius: 0 }),
    text(20, 50, 'The packages and what they depend on', { size: 20, weight: 'bold' }),
    ...packageLayer(packages),
    `<line x1="720" y1="30" x2="720" y2="${HEIGHT - 30}" stroke="#cbd2d9" stroke-width="1"/>`,
    ...callLayer(),
  ];
  const marker = (id, color) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" ${FONT}>`,
    '<title>toolwright: the packages and one tool call through the gate</title>',
    `<defs>${marker('arrow', '#3e4c59')}${marker('arrow-red', '#c53030')}${marker('arrow-violet', '#6b46c1')}</defs>`,
    ...body.map((line) => `  ${line}`),
    '</svg>',
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const svg = renderDiagram();
  if (process.argv.includes('--check')) {
    const current = existsSync(DIAGRAM_PATH) ? readFileSync(DIAGRAM_PATH, 'utf8') : '';
    if (current !== svg) {
      process.stderr.write('docs/architecture.svg is stale: run `pnpm docs:diagram`.\n');
      process.exit(1);
    }
  } else {
    writeFileSync(DIAGRAM_PATH, svg);
    process.stdout.write('wrote docs/architecture.svg\n');
  }
}
