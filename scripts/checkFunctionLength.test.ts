import { describe, expect, it } from 'vitest'
import { longFunctionsIn } from './checkFunctionLength.js'

const body = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `  const v${i} = ${i}`).join('\n')

describe('checkFunctionLength', () => {
  it('names each function over the limit, by its declaration or its variable', () => {
    const text = [
      `export function long() {\n${body(5)}\n}`,
      `const arrow = () => {\n${body(5)}\n}`,
      `function short() {\n${body(1)}\n}`,
    ].join('\n')
    expect(longFunctionsIn('src/x.ts', text, 4)).toEqual([
      { file: 'src/x.ts', name: 'long', lines: 7 },
      { file: 'src/x.ts', name: 'arrow', lines: 7 },
    ])
  })

  it('counts a closure inside a long function on its own', () => {
    const text = `function outer() {\n  function inner() {\n${body(5)}\n  }\n}`
    expect(
      longFunctionsIn('src/y.ts', text, 6).map(({ name }) => name),
    ).toEqual(['outer', 'inner'])
  })
})
