import { useId } from 'react'
import { panelFrameStyles } from './panelFrameStyles.js'

/**
 * What a panel shows until its code has loaded, also under server rendering:
 * its box and heading, "Loading…", or why it could not load.
 */
export function PanelPlaceholder({
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
