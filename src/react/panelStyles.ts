/**
 * The panels' own styles, themable through CSS variables on any ancestor:
 * --wcp-font, --wcp-text, --wcp-muted, --wcp-background, --wcp-border,
 * --wcp-accent, --wcp-accent-text, --wcp-error, --wcp-warning-background,
 * --wcp-radius, --wcp-gap, --wcp-focus, --wcp-min-height, --wcp-frame-height.
 */
export const panelStyles = `
.wcp-panel {
  font-family: var(--wcp-font, system-ui, sans-serif);
  color: var(--wcp-text, #1a1a1a);
  background: var(--wcp-background, #fff);
  border: 1px solid var(--wcp-border, #d0d0d0);
  border-radius: var(--wcp-radius, 8px);
  padding: var(--wcp-gap, 16px);
  display: grid;
  gap: var(--wcp-gap, 12px);
  align-content: start;
  max-width: 32rem;
  /* Every step fits in this height, so the page does not move between steps. */
  min-height: var(--wcp-min-height, 25rem);
  box-sizing: border-box;
}
.wcp-panel p { margin: 0; }
.wcp-panel input[type="radio"], .wcp-panel input[type="checkbox"] {
  margin: 0; min-width: 0; width: auto; padding: 0; flex: none;
}
.wcp-panel h2 { font-size: 1.1rem; margin: 0; }
.wcp-panel fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: 6px; }
.wcp-panel legend, .wcp-panel label { font-weight: 600; }
.wcp-panel .wcp-option { font-weight: 400; display: flex; gap: 8px; align-items: center; }
.wcp-panel input[type="email"], .wcp-panel textarea {
  font: inherit; padding: 8px; border: 1px solid var(--wcp-border, #8a8a8a);
  border-radius: calc(var(--wcp-radius, 8px) / 2); width: 100%; box-sizing: border-box;
}
.wcp-panel textarea { font-family: ui-monospace, monospace; min-height: 5.5em; resize: vertical; }
.wcp-panel form { display: grid; gap: 10px; }
.wcp-panel .wcp-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.wcp-panel button {
  font: inherit; padding: 8px 14px; cursor: pointer;
  border-radius: calc(var(--wcp-radius, 8px) / 2);
  border: 1px solid var(--wcp-accent, #2451b7);
  background: var(--wcp-background, #fff); color: var(--wcp-accent, #2451b7);
}
.wcp-panel button[data-primary] { background: var(--wcp-accent, #2451b7); color: var(--wcp-accent-text, #fff); }
.wcp-panel button:disabled { opacity: 0.55; cursor: not-allowed; }
.wcp-panel :focus-visible { outline: 3px solid var(--wcp-focus, #f0a000); outline-offset: 2px; }
.wcp-panel .wcp-status { min-height: 3em; color: var(--wcp-muted, #444); }
.wcp-panel .wcp-account { margin: 0; overflow-wrap: anywhere; }
.wcp-panel .wcp-timer { min-height: 1.5em; }
.wcp-panel .wcp-hint { margin: 0; font-size: 0.9em; color: var(--wcp-muted, #444); }
.wcp-panel .wcp-error { min-height: 1.5em; color: var(--wcp-error, #b00020); }
.wcp-panel .wcp-warning {
  padding: 10px; border-radius: calc(var(--wcp-radius, 8px) / 2);
  background: var(--wcp-warning-background, #fff4d6);
}
.wcp-panel .wcp-frame { min-height: var(--wcp-frame-height, 380px); display: grid; }
.wcp-panel .wcp-frame iframe { width: 100%; height: var(--wcp-frame-height, 380px); border: 0; }
.wcp-panel .wcp-frame[hidden] { display: none; }
`
