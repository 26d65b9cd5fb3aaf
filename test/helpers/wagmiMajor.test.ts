import { version as coreVersion } from '@wagmi/core'
import { expect, it } from 'vitest'
import { version as reactVersion } from 'wagmi'

// The wagmi2 project runs the connectors' suites again with `wagmi` and
// `@wagmi/core` resolved to wagmi 2; every other project runs wagmi 3.
const major = process.env.WAGMI_MAJOR ?? '3'

it(`the suites in this project run on @wagmi/core ${major} and wagmi ${major}`, () => {
  expect(coreVersion.split('.')[0]).toBe(major)
  expect(reactVersion.split('.')[0]).toBe(major)
})
