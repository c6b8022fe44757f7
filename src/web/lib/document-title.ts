/** document.title = "(2 running) Page · Workflows": the page sets its part, the watcher the count. */
let page = '';
let running = 0;

const render = () => {
  const prefix = running > 0 ? `(${running} running) ` : '';
  document.title = `${prefix}${page ? `${page} · ` : ''}Workflows`;
};

export function setPageTitle(title: string): void {
  page = title;
  render();
}

export function setRunningCount(count: number): void {
  running = count;
  render();
}
