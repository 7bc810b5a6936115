import type { ComponentType } from "react";
import { createRoot, type Root } from "react-dom/client";

type ActEnvironment = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Renders a Remix stub at `path` outside React's act(), as a router update arrives in a
 * browser: React paints the page first and runs its effects a task later. `act` runs on the
 * element `find` returns the first moment it exists (a microtask after React wrote it), in that
 * gap. Resolves once the effects have had their turn; `unmount` undoes the render and act's
 * setting for the next test.
 */
export async function actBeforeEffects<E extends Element>(
  Stub: ComponentType<{ initialEntries: string[] }>,
  path: string,
  find: (container: HTMLElement) => E | null | undefined,
  act: (element: E) => void,
): Promise<{ element: E; container: HTMLElement; unmount: () => void }> {
  (globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.createElement("div");
  document.body.append(container);
  const acted = new Promise<E>((resolve) => {
    const observer = new MutationObserver(() => {
      const element = find(container);
      if (!element) return;
      observer.disconnect();
      act(element);
      resolve(element);
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  const root: Root = createRoot(container);
  root.render(<Stub initialEntries={[path]} />);
  const element = await acted;
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    element,
    container,
    unmount: () => {
      root.unmount();
      container.remove();
      (globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = true;
    },
  };
}
