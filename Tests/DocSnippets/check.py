#!/usr/bin/env python3
"""Type-checks every ```swift block of the documentation (README.md, the
DocC catalogs Sources/*/*.docc/*.md, and the `/// ```swift` blocks of
Sources/**/*.swift) against the public API. Run by scripts/doc-snippets.sh,
which builds the modules; see there.

Each block is type-checked alone, as top-level code of its own file
(Swift 6 mode), after `import Foundation`, `BoxDiff`, `BoxDiffValidation`,
`BoxDiffIGListKit` and `DocSnippetPrelude` (Prelude.swift: the app types
the blocks assume, such as Message, AppState, Label). A block's own
`import` lines are hoisted (`import IGListKit`, a block's "before", is
dropped).

Contexts.txt gives a block more: a line `// MARK: FILE #N` (the Nth swift
block of FILE, counted from the top: inserting a block renumbers those
after it in that file), then setup code (the names the block uses: `old`,
`new`, `self.data`, ...) up to the next MARK. A `SNIPPET` line marks the
block's place in it (by default: after it); in a one-line block's
context, `SNIPPET` may stand inside a line. Lines after the block check
what its comments say it returns. Options after the key: `uikit` /
`appkit` (import that stand-in, against the BoxDiff built with it),
`skip: reason`. Errors in a block point at the block's file and line
(`#sourceLocation`). Warnings (unused values, mostly: the blocks are
fragments) are printed with DOC_SNIPPETS_WARNINGS=1.

  check.py ROOT UIKIT_BIN_PATH APPKIT_BIN_PATH WORK_DIR [FILTER]

WORK_DIR/UIKit and WORK_DIR/AppKit hold the stand-in module and, in
prelude/, the DocSnippetPrelude module built against that BoxDiff.
"""
import concurrent.futures, glob, os, re, subprocess, sys

root, uikit_build, appkit_build, work = sys.argv[1:5]
only = sys.argv[5] if len(sys.argv) > 5 else None
os.chdir(root)


def blocks():
    """(file, line of the first code line, code) for every swift block."""
    found = []

    def scan(path, prefix):
        lines = open(path, encoding='utf-8').read().split('\n')
        i = 0
        while i < len(lines):
            m = re.match(r'^(\s*' + prefix + r')(\s*)```swift\s*$', lines[i])
            if not m:
                i += 1
                continue
            indent, body, start = len(m.group(2)), [], i + 1
            i += 1
            while not re.match(r'^\s*' + prefix + r'\s*```\s*$', lines[i]):
                text = lines[i]
                if prefix:
                    text = text.lstrip()
                    assert text.startswith('///'), f'{path}:{i + 1}: a block ends without ```'
                    text = text[3:]
                    text = text[1:] if text.startswith(' ') else text
                body.append(text[indent:] if text[:indent].strip() == '' else text)
                i += 1
            found.append((path, start + 1, '\n'.join(body)))
            i += 1

    scan('README.md', '')
    for path in sorted(glob.glob('Sources/*/*.docc/*.md')):
        scan(path, '')
    for path in sorted(glob.glob('Sources/**/*.swift', recursive=True)):
        scan(path, '///')
    return found


def contexts():
    """{'FILE #N': (options, setup)} from Contexts.swift."""
    result, key = {}, None
    for line in open('Tests/DocSnippets/Contexts.txt', encoding='utf-8').read().split('\n'):
        m = re.match(r'^// MARK: (\S+ #\d+)(.*)$', line)
        if m:
            key = m.group(1)
            result[key] = (m.group(2).strip(), [])
        elif key:
            result[key][1].append(line)
    return result


def source(file, line, code, options, setup):
    framework = 'UIKit' if 'uikit' in options else 'AppKit' if 'appkit' in options else None
    imports = ['Foundation', 'BoxDiff', 'BoxDiffValidation', 'BoxDiffIGListKit', 'DocSnippetPrelude']
    if framework:
        imports.append(framework)
    body = []
    for text in code.split('\n'):
        m = re.match(r'^import (\w+)', text)
        if m:
            if m.group(1) not in imports and m.group(1) != 'IGListKit':
                imports.append(m.group(1))
            text = '// ' + text  # keeps the line numbers
        body.append(text)
    out = [f'import {name}' for name in imports]
    placed = False
    for text in setup:
        if text.strip() == 'SNIPPET':
            indent = text[: len(text) - len(text.lstrip())]
            out.append(f'#sourceLocation(file: "{file}", line: {line})')
            out += [indent + b for b in body]
            out.append('#sourceLocation()')
            placed = True
        elif 'SNIPPET' in text:  # a one-line block inside an expression
            assert len(body) == 1, f'{file}:{line}: SNIPPET inside a line, but the block has {len(body)} lines'
            out.append(f'#sourceLocation(file: "{file}", line: {line})')
            out.append(text.replace('SNIPPET', body[0]))
            out.append('#sourceLocation()')
            placed = True
        else:
            out.append(text)
    if not placed:
        out.append(f'#sourceLocation(file: "{file}", line: {line})')
        out += body
        out.append('#sourceLocation()')
    return framework, '\n'.join(out) + '\n'


def check(item):
    index, (key, file, line, code, options, setup) = item
    if options.startswith('skip'):
        return file, line, 'skipped', f'({key}) {options}'
    framework, text = source(file, line, code, options, setup)
    build = appkit_build if framework == 'AppKit' else uikit_build
    path = os.path.join(work, f'snippet{index}.swift')
    open(path, 'w', encoding='utf-8').write(text)
    # The stand-in's own Clang module cache (see doc-snippets.sh).
    cache = os.path.join(os.getcwd(), '.build-doc-snippets', 'module-cache', framework or 'UIKit')
    args = ['swiftc', '-typecheck', '-swift-version', '6', '-module-cache-path', cache,
            '-I', os.path.join(work, framework or 'UIKit', 'prelude'),
            '-I', build + '/Modules', '-I', build + '/CBoxDiff.build', '-I', 'CSources/CBoxDiff/include']
    # The stand-in the libraries were built with, imported or not.
    args += ['-I', os.path.join(work, framework or 'UIKit')]
    run = subprocess.run(args + [path], capture_output=True, text=True)
    if run.returncode != 0:
        hint = (f'its names come from "// MARK: {key}" in Tests/DocSnippets/Contexts.txt'
                f'{"" if setup else " (none there)"}; a block added to or taken from {file} above'
                ' it renumbers it')
        return file, line, 'FAILED', f'({key}: {hint})\n' + run.stderr
    warnings = [l for l in run.stderr.split('\n') if ': warning: ' in l]
    if warnings and os.environ.get('DOC_SNIPPETS_WARNINGS'):
        return file, line, 'warnings', '\n'.join(warnings)
    return file, line, 'ok', ''


found, given = blocks(), contexts()
items, counts, seen = [], {}, set()
for file, line, code in found:
    counts[file] = counts.get(file, 0) + 1
    key = f'{file} #{counts[file]}'
    seen.add(key)
    options, setup = given.get(key, ('', []))
    if only and only not in key:
        continue
    items.append((len(items), (key, file, line, code, options, setup)))
stale = sorted(set(given) - seen)
# The cores this process may use (not the host's, in a container), at
# most 4: each swiftc takes a few hundred MB.
workers = min(len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else (os.cpu_count() or 2), 4)
with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
    results = list(pool.map(check, items))
failed = 0
for file, line, status, detail in results:
    if status != 'ok':
        print(f'{file}:{line}: {status} {detail}'.rstrip())
    failed += status == 'FAILED'
for key in stale:
    print(f'Tests/DocSnippets/Contexts.txt: no block {key} any more')
print(f'doc snippets: {len(results)} blocks, {sum(r[2] in ("ok", "warnings") for r in results)} type-check, '
      f'{sum(r[2] == "skipped" for r in results)} skipped, {failed} failed', file=sys.stderr)
sys.exit(1 if failed or stale else 0)
