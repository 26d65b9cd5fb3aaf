import { execFileSync } from 'node:child_process'

/**
 * `git status --porcelain` of the checkout, a line per changed or new file that
 * git does not ignore; undefined outside a git checkout (a tarball of the repository).
 */
export function gitStatus(cwd: string): Set<string> | undefined {
  try {
    const output = execFileSync(
      'git',
      ['status', '--porcelain', '--untracked-files=all'],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
    return new Set(output.split('\n').filter(Boolean))
  } catch {
    return undefined
  }
}

/** What a run added to `git status`: the lines of `after` that `before` lacked. */
export const addedToGitStatus = (
  before: Set<string> | undefined,
  after: Set<string> | undefined,
) =>
  before && after ? [...after].filter((line) => !before.has(line)).sort() : []
