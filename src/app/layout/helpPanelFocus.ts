// Keyboard care of the help panel (issue 16): the panel is a persistent drawer beside the
// screen, not a modal, so nothing else returns focus when it closes — its content unmounts and
// focus would fall to the top of the page. This remembers the control that opened it (the
// top-bar button or a list's help icon) and, when the panel closes while focus was in it or is
// lost, gives focus back there; Escape inside the panel closes it, as it closes a dialog.
import { useEffect, useRef } from 'react';
import { closeHelp, useHelpPanel } from '../help/store';

const PANEL = '[data-testid="help-panel"]';
const BUTTON = '[data-testid="help-button"]';

export function useHelpPanelFocus(): void {
  const panel = useHelpPanel();
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (panel.open && !wasOpen.current) {
      const active = document.activeElement as HTMLElement | null;
      opener.current = active && active !== document.body && !active.closest(PANEL) ? active : null;
    }
    if (!panel.open && wasOpen.current) {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || !!active.closest(PANEL);
      const target = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>(BUTTON);
      if (lost) target?.focus();
    }
    wasOpen.current = panel.open;
  }, [panel.open, panel.opening]);

  useEffect(() => {
    if (!panel.open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (!(e.target instanceof Element) || !e.target.closest(PANEL)) return;
      e.preventDefault();
      closeHelp();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel.open]);
}
