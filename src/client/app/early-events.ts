/**
 * What a visitor does on a server-rendered page before React has taken it over (the screen's
 * code may still be on its way when the page's load event fires): clicks, typing and choices
 * are held, then done again once the page is live, so none is lost (ADR 021, ADR 024).
 */
type Held =
  | { kind: 'click'; target: Element; path: number[] }
  | {
      kind: 'value';
      target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
      /** As the visitor left it: hydrating a controlled select puts its option back. */
      value: string;
    };

const nativeValueSetter = (el: Element) => {
  const proto =
    el instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : el instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, 'value')?.set;
};

export function holdEarlyEvents(): () => void {
  const held: Held[] = [];
  const onClick = (e: MouseEvent) => {
    // An icon inside a button is an SVG element: held too.
    const target = e.target instanceof Element ? e.target : null;
    if (!target || e.button !== 0) return;
    // Not yet: the click is done again when the page is live (a link then navigates in-app).
    e.preventDefault();
    e.stopPropagation();
    held.push({ kind: 'click', target, path: pathOf(target) });
  };
  const onValue = (e: Event) => {
    const t = e.target;
    if (
      (t instanceof HTMLInputElement && t.type !== 'checkbox' && t.type !== 'radio') ||
      t instanceof HTMLTextAreaElement ||
      t instanceof HTMLSelectElement
    ) {
      const known = held.find((h) => h.kind === 'value' && h.target === t);
      if (known?.kind === 'value') known.value = t.value;
      else held.push({ kind: 'value', target: t, value: t.value });
    }
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onValue, true);
  document.addEventListener('change', onValue, true);
  return () => {
    // Released once (Strict Mode runs a commit's effects twice in development).
    const release = held.splice(0);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('input', onValue, true);
    document.removeEventListener('change', onValue, true);
    for (const h of release) {
      if (h.kind === 'click') {
        // A part React rendered again (instead of taking over the server's markup) has new
        // elements: the click goes to the one in the same place.
        const target = h.target.isConnected ? h.target : sameElementAt(h.path, h.target);
        if (!target) continue;
        clickWhenLive(target, performance.now() + LIVE_WAIT_MS);
        continue;
      }
      if (!h.target.isConnected) continue;
      // React compares the field's value with the one it last saw: show it the change.
      h.target.value = '';
      nativeValueSetter(h.target)?.call(h.target, h.value);
      h.target.dispatchEvent(new Event('input', { bubbles: true }));
      h.target.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
}

/** How long a held click waits for its element to be taken over by React. */
const LIVE_WAIT_MS = 10_000;

/**
 * Whether React has taken the element over: it keeps the element's props on it (a key that
 * starts with `__reactProps$`) once the element is hydrated or rendered. A click React receives
 * on markup it has not hydrated yet (a boundary still waiting for its code) is dropped by React,
 * so the held click waits for that.
 */
const isLive = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

function clickWhenLive(target: Element, deadline: number) {
  if (target.isConnected && !isLive(target) && performance.now() < deadline) {
    setTimeout(() => clickWhenLive(target, deadline), 16);
    return;
  }
  target.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }),
  );
}

/** Where an element sits under <body>: its index among its parent's children, level by level. */
function pathOf(el: Element): number[] {
  const path: number[] = [];
  for (let e: Element = el; e.parentElement && e !== document.body; e = e.parentElement)
    path.unshift(Array.prototype.indexOf.call(e.parentElement.children, e));
  return path;
}

/** The element now at `path`, when it is the same kind with the same text as `was`. */
function sameElementAt(path: number[], was: Element): Element | null {
  let e: Element | undefined = document.body;
  for (const i of path) e = e?.children[i];
  return e && e.tagName === was.tagName && e.textContent === was.textContent ? e : null;
}
