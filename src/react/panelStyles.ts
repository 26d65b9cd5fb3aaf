/** The panels' step styles (forms, buttons, frame), loaded with the panels. */
export const panelStyles = `
.wcp-panel input[type="radio"], .wcp-panel input[type="checkbox"] {
  margin: 0; min-width: 0; width: auto; padding: 0; flex: none;
}
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
.wcp-panel .wcp-account { margin: 0; overflow-wrap: anywhere; }
.wcp-panel .wcp-hint { margin: 0; font-size: 0.9em; color: var(--wcp-muted, #444); }
.wcp-panel .wcp-warning {
  padding: 10px; border-radius: calc(var(--wcp-radius, 8px) / 2);
  background: var(--wcp-warning-background, #fff4d6);
}
.wcp-panel .wcp-frame { min-height: var(--wcp-frame-height, 380px); display: grid; }
.wcp-panel .wcp-frame iframe { width: 100%; height: var(--wcp-frame-height, 380px); border: 0; }
.wcp-panel .wcp-frame[hidden] { display: none; }
`
