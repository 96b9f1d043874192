#!/usr/bin/env node
// Every document the code and the docs cite is in the repository: each `docs/….md#anchor` names a
// file under docs/ and one of its headings, and nothing cites the specification files the product
// started from, which are not in the repository (docs/README.md). Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const CITATION = /docs\/[\w./-]+?\.md(?:#[\w-]+)?/g;
const OUTSIDE = /\b(?:SPEC|DESIGN)(?: ?§|\.md)/;
const TEXT = /\.(?:[cm]?[jt]sx?|css|md|json|ya?ml|sh|conf|html)$|(?:^|\/)(?:Dockerfile|run)$/;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slugOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchors = new Map();
function anchorsOf(file) {
  if (!anchors.has(file)) {
    const headings = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slugOf(line.replace(/^#+ /, '')));
    anchors.set(file, new Set(headings));
  }
  return anchors.get(file);
}

const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEXT.test(file) && existsSync(file) && file !== 'scripts/check-citations.mjs');
const problems = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE.test(line)) problems.push(`${where}: cites a file outside the repository`);
    for (const citation of line.match(CITATION) ?? []) {
      const [path, anchor] = citation.split('#');
      if (!existsSync(path)) problems.push(`${where}: ${path} does not exist`);
      else if (anchor && !anchorsOf(path).has(anchor))
        problems.push(`${where}: ${path} has no heading #${anchor}`);
    }
  });
}
if (problems.length > 0) {
  console.error(`${problems.length} citation(s) to fix:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Citations: ${files.length} files, every docs/ citation found.`);
