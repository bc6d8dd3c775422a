/**
 * The in-page overlay of `site dev` (browser code, part of the live script): the check's findings, or the
 * errors that stopped a rebuild, each with its file:line:col, a frame of the YAML around it, the hint and
 * links that open the file in an editor (`vscode://file/…`, or `$EDITOR` through the dev server). It is a
 * non-modal dialog in a shadow root, docked at the bottom so the page above stays usable and its styles
 * stay apart; Escape or the close button hide it until the findings change. Every value is set as text.
 * The styles are a constructed stylesheet, which the pages' CSP (no inline styles) allows.
 */
export const OVERLAY_CLIENT = String.raw`
const OVERLAY_CSS = [
  ':host{all:initial}',
  '.panel{position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483647;max-height:min(70vh,40rem);display:flex;flex-direction:column;background:#0f172a;color:#e2e8f0;border:1px solid #334155;border-left:4px solid #f59e0b;border-radius:.75rem;box-shadow:0 20px 50px rgba(15,23,42,.45);font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}',
  '.panel.blocking{border-left-color:#ef4444}',
  'header{display:flex;align-items:center;gap:.75rem;padding:.75rem 1rem;border-bottom:1px solid #1e293b}',
  '.badge{font:600 11px/1 ui-monospace,monospace;letter-spacing:.05em;text-transform:uppercase;background:#1e293b;color:#94a3b8;padding:.35rem .5rem;border-radius:.375rem}',
  'h2{margin:0;font-size:15px;font-weight:600;color:#f8fafc;flex:1}',
  'button{font:inherit;cursor:pointer;border-radius:.375rem;border:1px solid #475569;background:#1e293b;color:#e2e8f0;padding:.25rem .6rem}',
  'button:hover{background:#334155}',
  'button:focus-visible,a:focus-visible{outline:2px solid #38bdf8;outline-offset:2px}',
  '.close{font-size:18px;line-height:1;padding:.25rem .55rem}',
  '.panel.collapsed{left:auto;max-width:calc(100vw - 2rem)}',
  '.collapsed .intro,.collapsed ol{display:none}',
  '.collapsed header{border-bottom:0}',
  '.intro{margin:0;padding:.5rem 1rem;color:#94a3b8;font-size:13px}',
  'ol{list-style:none;margin:0;padding:0 1rem 1rem;overflow:auto}',
  'li{padding:.75rem 0;border-top:1px solid #1e293b}',
  'li:first-child{border-top:0}',
  '.line{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}',
  '.sev{font:600 11px/1 ui-monospace,monospace;text-transform:uppercase;padding:.3rem .45rem;border-radius:.25rem;background:#7f1d1d;color:#fecaca}',
  '.warning .sev{background:#78350f;color:#fde68a}',
  '.code{font:12px ui-monospace,monospace;color:#94a3b8}',
  'a.where{font:13px ui-monospace,monospace;color:#7dd3fc;text-decoration:underline}',
  '.msg{margin:.4rem 0;color:#f8fafc}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .75rem;margin:.25rem 0;font-size:13px}',
  'dt{color:#94a3b8}',
  'dd{margin:0;font-family:ui-monospace,monospace;overflow-wrap:anywhere}',
  'pre{margin:.5rem 0;padding:.5rem 0;background:#020617;border-radius:.5rem;overflow:auto;font:12.5px/1.6 ui-monospace,monospace}',
  'pre span{display:block;padding:0 .75rem;white-space:pre}',
  'pre .here{background:#3f1d1d}',
  'pre .caret{color:#f87171}',
  '.hint{margin:.25rem 0 0;color:#a7f3d0;font-size:13px}',
  '.status{margin-left:.25rem;color:#94a3b8;font-size:12px}',
].join('');
let overlayHost;
let overlayKey = '';
let overlayHidden = false;
function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const child of children) if (child !== undefined && child !== null) node.append(child);
  return node;
}
function frameOf(item) {
  if (!item.frame) return undefined;
  const width = String(item.frame[item.frame.length - 1].line).length;
  const pre = el('pre', { className: 'frame' });
  pre.setAttribute('aria-label', 'YAML around ' + item.where);
  for (const row of item.frame) {
    const prefix = (row.here ? '> ' : '  ') + String(row.line).padStart(width) + ' | ';
    pre.append(el('span', { className: row.here ? 'here' : '', textContent: prefix + row.text }));
    if (row.here && item.open) pre.append(el('span', { className: 'caret', textContent: ' '.repeat(prefix.length + item.open.column - 1) + '^' }));
  }
  return pre;
}
function openButton(item) {
  const status = el('span', { className: 'status' });
  status.setAttribute('role', 'status');
  const button = el('button', { type: 'button', className: 'open', textContent: 'Open in $EDITOR' });
  button.addEventListener('click', async () => {
    const response = await fetch('/__site/open', { method: 'POST', headers: { 'content-type': 'application/json', 'x-site-editor-token': sessionToken }, body: JSON.stringify(item.open) });
    status.textContent = response.ok ? 'opened' : await response.text();
  });
  return [button, status];
}
function findingItem(item) {
  const line = el('div', { className: 'line' }, el('span', { className: 'sev', textContent: item.severity }), el('span', { className: 'code', textContent: item.code }));
  if (item.where) {
    const link = el('a', { className: 'where', textContent: item.where, href: 'vscode://file' + item.open.file + ':' + item.open.line + ':' + item.open.column });
    link.title = 'Open in VS Code';
    line.append(link, ...openButton(item));
  }
  const details = el('dl');
  for (const [label, value] of [['route', item.route], ['element', item.element], ['expected', item.expected], ['found', item.found]]) {
    if (value) details.append(el('dt', { textContent: label }), el('dd', { textContent: value }));
  }
  return el('li', { className: 'finding ' + item.severity }, line, el('p', { className: 'msg', textContent: item.message }), details.childElementCount ? details : undefined, frameOf(item), item.hint ? el('p', { className: 'hint', textContent: 'Hint: ' + item.hint }) : undefined);
}
function hideOverlay() {
  overlayHidden = true;
  overlayHost?.remove();
}
function showOverlay(overlay) {
  // In /admin's preview frame the editor lists the findings itself, in the author's language, beside the form.
  if (window.name === 'site-editor-preview') return;
  const key = JSON.stringify(overlay ?? null);
  // The same findings again (a rebuild that changed nothing they are about): the panel stays as it is.
  if (key === overlayKey && (overlayHidden || overlayHost?.isConnected || !overlay)) return;
  if (key !== overlayKey) overlayHidden = false;
  overlayKey = key;
  if (!overlay || overlayHidden) return overlayHost?.remove();
  overlayHost ??= el('site-dev-overlay');
  const root = overlayHost.shadowRoot ?? overlayHost.attachShadow({ mode: 'open' });
  if (!root.adoptedStyleSheets.length) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(OVERLAY_CSS);
    root.adoptedStyleSheets = [sheet];
  }
  // Warnings only (placeholders, say): a bar that opens the list, so the page stays readable.
  const onlyWarnings = overlay.items.every((item) => item.severity !== 'error');
  const toggle = el('button', { type: 'button', className: 'toggle', textContent: onlyWarnings ? 'Show' : 'Hide' });
  toggle.setAttribute('aria-expanded', String(!onlyWarnings));
  toggle.setAttribute('aria-controls', 'site-dev-list');
  toggle.addEventListener('click', () => {
    const open = panel.classList.toggle('collapsed') === false;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide' : 'Show';
  });
  const close = el('button', { type: 'button', className: 'close', textContent: '×' });
  close.setAttribute('aria-label', 'Close (Escape)');
  close.addEventListener('click', hideOverlay);
  const panel = el('section', { className: 'panel' + (overlay.blocking ? ' blocking' : '') + (onlyWarnings ? ' collapsed' : '') },
    el('header', {}, el('span', { className: 'badge', textContent: 'site dev' }), el('h2', { id: 'site-dev-title', textContent: overlay.title }), toggle, close),
    el('p', { className: 'intro', id: 'site-dev-intro', textContent: overlay.blocking ? 'The content does not load: fix the file and save. Until then the page shows the last good build.' : 'What site check finds in the content and the rebuilt pages. Fix the file and save: this list updates, and closes once all are fixed.' }),
    el('ol', { id: 'site-dev-list' }, ...overlay.items.map(findingItem)));
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-labelledby', 'site-dev-title');
  panel.setAttribute('aria-describedby', 'site-dev-intro');
  root.replaceChildren(panel);
  keepOverlay();
}
/** After a body swap the overlay is put back: it belongs to the page, not to the old body. */
function keepOverlay() {
  if (overlayHost && !overlayHidden && overlayKey !== 'null' && !overlayHost.isConnected) document.body.append(overlayHost);
}
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && overlayHost?.isConnected) hideOverlay();
});
`;
