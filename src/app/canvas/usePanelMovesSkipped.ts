// A drag that starts on the canvas (a node, the pane, a selection box) is never a panel resize,
// yet each of its pointer moves reached the panel library's document listener, which measures
// the panel group and its separators on every move (react-resizable-panels' hover tracking:
// getBoundingClientRect of each): work a bare React Flow canvas does not pay per drag frame.
// While such a drag lasts its moves stop at <body>, after React's own listeners on the app's root
// (React Flow's pane handlers are React props) and before the document's. React Flow and d3-drag
// follow a drag with mouse and touch events, which pass as before.
import { useEffect, type RefObject } from "react";

/**
 * @example
 * const wrapper = useRef<HTMLDivElement>(null);
 * usePanelMovesSkipped(wrapper);
 */
export function usePanelMovesSkipped(canvas: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const body = canvas.current?.ownerDocument.body;
    if (!body) return;
    let fromCanvas = false;
    const down = (event: PointerEvent) => {
      fromCanvas = event.target instanceof Node && (canvas.current?.contains(event.target) ?? false);
    };
    const up = () => {
      fromCanvas = false;
    };
    const move = (event: PointerEvent) => {
      if (fromCanvas && event.buttons !== 0) event.stopPropagation();
    };
    body.addEventListener("pointerdown", down, true);
    body.addEventListener("pointerup", up, true);
    body.addEventListener("pointercancel", up, true);
    body.addEventListener("pointermove", move);
    return () => {
      body.removeEventListener("pointerdown", down, true);
      body.removeEventListener("pointerup", up, true);
      body.removeEventListener("pointercancel", up, true);
      body.removeEventListener("pointermove", move);
    };
  }, [canvas]);
}
