import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addedToGitStatus, gitStatus } from './gitStatus.js'

function repository() {
  const directory = mkdtempSync(join(tmpdir(), 'git-status-'))
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: directory, stdio: 'ignore' })
  git('init', '-q')
  writeFileSync(join(directory, 'kept.txt'), 'one\n')
  writeFileSync(join(directory, '.gitignore'), 'ignored.json\n')
  git('add', '.')
  git(
    '-c',
    'user.name=test',
    '-c',
    'user.email=test@example.com',
    'commit',
    '-qm',
    'start',
  )
  return directory
}

describe('npm test leaves git status as it found it', () => {
  it('reports a kept file the run changed and a new file git would keep, not an ignored one', () => {
    const directory = repository()
    const before = gitStatus(directory)
    expect(before).toEqual(new Set())
    writeFileSync(join(directory, 'kept.txt'), 'two\n')
    writeFileSync(join(directory, 'new.txt'), 'new\n')
    writeFileSync(join(directory, 'ignored.json'), '{}\n')
    expect(addedToGitStatus(before, gitStatus(directory))).toEqual([
      ' M kept.txt',
      '?? new.txt',
    ])
  })

  it('does not count what was already changed when the run started', () => {
    const directory = repository()
    writeFileSync(join(directory, 'kept.txt'), 'edited by hand\n')
    const before = gitStatus(directory)
    expect(addedToGitStatus(before, gitStatus(directory))).toEqual([])
  })

  it('has nothing to compare outside a git checkout', () => {
    const directory = mkdtempSync(join(tmpdir(), 'not-git-'))
    expect(gitStatus(directory)).toBeUndefined()
    expect(addedToGitStatus(undefined, undefined)).toEqual([])
  })
})
