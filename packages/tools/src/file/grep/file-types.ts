/**
 * Grep's `type` names and the file names they cover, after ripgrep's names for the common ones.
 * Globs match a file's name in any folder.
 */
export const FILE_TYPES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  c: ['*.c', '*.h'],
  cpp: ['*.cpp', '*.cc', '*.cxx', '*.hpp', '*.hh', '*.hxx', '*.h'],
  cs: ['*.cs'],
  css: ['*.css', '*.scss', '*.sass', '*.less'],
  go: ['*.go'],
  html: ['*.html', '*.htm'],
  java: ['*.java'],
  js: ['*.js', '*.mjs', '*.cjs', '*.jsx'],
  json: ['*.json', '*.jsonc'],
  kotlin: ['*.kt', '*.kts'],
  md: ['*.md', '*.markdown', '*.mdx'],
  php: ['*.php'],
  py: ['*.py', '*.pyi'],
  ruby: ['*.rb', 'Gemfile', 'Rakefile'],
  rust: ['*.rs'],
  scala: ['*.scala'],
  sh: ['*.sh', '*.bash', '*.zsh'],
  sql: ['*.sql'],
  swift: ['*.swift'],
  toml: ['*.toml'],
  ts: ['*.ts', '*.tsx', '*.mts', '*.cts'],
  txt: ['*.txt'],
  xml: ['*.xml'],
  yaml: ['*.yaml', '*.yml'],
});
