import { expect, it } from 'vitest'
import { createListeners } from './createListeners.js'

it('on hears every emit until removed; once hears the next emit only', () => {
  const listeners = createListeners()
  const heard: string[] = []
  const always = (uri: string) => heard.push(`on ${uri}`)
  listeners.on('display_uri', always)
  listeners.once('display_uri', (uri: string) => heard.push(`once ${uri}`))
  listeners.emit('display_uri', 'wc:1')
  listeners.emit('display_uri', 'wc:2')
  listeners.removeListener('display_uri', always)
  listeners.emit('display_uri', 'wc:3')
  expect(heard).toEqual(['on wc:1', 'once wc:1', 'on wc:2'])
})

it('a once listener waits for its own event', () => {
  const listeners = createListeners()
  const heard: unknown[] = []
  listeners.once('chainChanged', (id) => heard.push(id))
  listeners.emit('accountsChanged', [])
  expect(heard).toEqual([])
})
