import { type ComponentType, useId } from 'react'
import type { LoadOnce } from '../core/connector.js'
import { useLoadOnMount } from './useLoadOnMount.js'

/*
 * What a panel's first load holds: its frame and placeholder, and the loader
 * of its body. The body (steps, step styles, flow hooks) is its own chunk.
 */

/**
 * The panel's box, heading and message lines: in the first load, so the
 * placeholder and the loaded panel take the same room (every step fits in
 * --wcp-min-height, so the page does not move). Themable through CSS
 * variables on any ancestor:
 * --wcp-font, --wcp-text, --wcp-muted, --wcp-background, --wcp-border,
 * --wcp-accent, --wcp-accent-text, --wcp-error, --wcp-warning-background,
 * --wcp-radius, --wcp-gap, --wcp-focus, --wcp-min-height, --wcp-frame-height.
 */
export const panelFrameStyles = `
.wcp-panel { font-family: var(--wcp-font, system-ui, sans-serif); color: var(--wcp-text, #1a1a1a); background: var(--wcp-background, #fff); border: 1px solid var(--wcp-border, #d0d0d0); border-radius: var(--wcp-radius, 8px); padding: var(--wcp-gap, 16px); display: grid; gap: var(--wcp-gap, 12px); align-content: start; max-width: 32rem; min-height: var(--wcp-min-height, 25rem); box-sizing: border-box }
.wcp-panel p { margin: 0 }
.wcp-panel h2 { font-size: 1.1rem; margin: 0 }
.wcp-panel .wcp-status { min-height: 3em; color: var(--wcp-muted, #444) }
.wcp-panel .wcp-timer { min-height: 1.5em }
.wcp-panel .wcp-error { min-height: 1.5em; color: var(--wcp-error, #b00020) }
`

/**
 * What a panel shows until its code has loaded, also under server rendering:
 * its box and heading, "Loading…", or why it could not load.
 */
function PanelPlaceholder({
  title,
  className,
  failed,
}: {
  title: string
  className?: string | undefined
  failed: boolean
}) {
  const id = useId()
  return (
    <section
      className={['wcp-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      aria-busy={!failed}
    >
      <style>{panelFrameStyles}</style>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="wcp-status" role="status">
        {failed ? '' : 'Loading…'}
      </p>
      <p className="wcp-error" role="alert">
        {failed
          ? 'This panel could not load. Check your connection and reload the page.'
          : ''}
      </p>
    </section>
  )
}

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
  const body = useLoadOnMount(load.load, () => load.value)
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
