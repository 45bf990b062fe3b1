/*
 * The landing page's island: the screenshot carousel (previous/next wrap around both ways, dots,
 * swipe), its detail dialogs, and the FAQ's one-open-at-a-time rule for browsers without
 * <details name>. Everything else on the page is static HTML.
 */

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function enhanceCarousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  const slides = [...root.querySelectorAll<HTMLElement>('[data-carousel-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
  const status = root.querySelector<HTMLElement>('[data-carousel-status]');
  const template = root.dataset.statusTemplate ?? '{n} / {total}';
  if (!track || slides.length === 0) return;
  let current = 0;
  let settleTimer = 0;
  let programmatic = false;

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    dots.forEach((dot, i) => (i === current ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
    root.dataset.current = String(current);
    if (status) status.textContent = template.replace('{n}', String(current + 1)).replace('{total}', String(slides.length));
  };

  const go = (index: number) => {
    show(index);
    programmatic = true;
    track.scrollTo({ left: current * track.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
    window.clearTimeout(settleTimer);
    settleTimer = window.setTimeout(() => (programmatic = false), 700);
  };

  // A swipe (or a scroll by keyboard) moves the strip: follow it once it settles.
  track.addEventListener(
    'scroll',
    () => {
      if (programmatic) return;
      window.clearTimeout(settleTimer);
      settleTimer = window.setTimeout(() => {
        const index = Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
        if (index !== current) show(index);
      }, 120);
    },
    { passive: true },
  );
  track.addEventListener('scrollend', () => (programmatic = false));
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => go(current - 1));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => go(current + 1));
  dots.forEach((dot, i) => dot.addEventListener('click', () => go(i)));
  root.addEventListener('keydown', (event) => {
    if ((event.target as Element).closest('dialog')) return;
    if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'ArrowRight') go(current + 1);
    else return;
    event.preventDefault();
  });
  window.addEventListener('resize', () => track.scrollTo({ left: current * track.clientWidth }));
  show(0);
  root.dataset.enhanced = 'true';
}

function enhanceDialogs(): void {
  for (const opener of document.querySelectorAll<HTMLButtonElement>('[data-dialog-open]')) {
    const dialog = document.getElementById(opener.dataset.dialogOpen ?? '');
    if (!(dialog instanceof HTMLDialogElement)) continue;
    opener.addEventListener('click', () => {
      if (!dialog.open) dialog.showModal();
    });
    dialog.addEventListener('close', () => opener.focus());
  }
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[data-dialog]')) {
    dialog.querySelector('[data-dialog-close]')?.addEventListener('click', () => dialog.close());
    // A click on the backdrop (the dialog element itself, outside its content) closes it.
    dialog.addEventListener('click', (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
  }
}

/** <details name="faq"> is exclusive natively in current browsers; this keeps older ones in line. */
function enhanceFaq(): void {
  const items = [...document.querySelectorAll<HTMLDetailsElement>('[data-faq] details')];
  for (const item of items) {
    item.addEventListener('toggle', () => {
      if (!item.open) return;
      for (const other of items) if (other !== item && other.open) other.open = false;
    });
  }
}

for (const carousel of document.querySelectorAll<HTMLElement>('[data-carousel]')) enhanceCarousel(carousel);
enhanceDialogs();
enhanceFaq();

export {};
