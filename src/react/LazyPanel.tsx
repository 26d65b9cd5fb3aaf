import type { ComponentType } from 'react'
import type { LoadOnce } from '../core/connector.js'
import { PanelPlaceholder } from './PanelPlaceholder.js'
import { useLoadOnMount } from './useLoadOnMount.js'

/**
 * A panel whose body loads once mounted: until then (and under server
 * rendering) its placeholder, with `title` and `className`.
 */
export function LazyPanel<props extends { className?: string | undefined }>({
  title,
  load,
  props,
}: {
  title: string
  /** Module-level, so that each mount shares one load of the body. */
  load: Pick<LoadOnce<ComponentType<props>>, 'value' | 'load'>
  props: props
}) {
  const body = useLoadOnMount(load)
  const Body = body.value
  return Body ? (
    <Body {...props} />
  ) : (
    <PanelPlaceholder
      title={title}
      className={props.className}
      failed={body.error !== undefined}
    />
  )
}
